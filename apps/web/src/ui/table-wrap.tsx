import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a narrow screen: a named region in the tab order, so a
 * keyboard can scroll it too (axe's scrollable-region-focusable).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>{children}</div>;
}
