import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps {
  label: string;
  tabs: readonly { id: string; label: string }[];
  selected: string;
  onSelect: (id: string) => void;
  children: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop for the whole list, arrow keys (and Home/End) move between tabs and
 * select them, Tab goes on into the panel.
 */
export function Tabs({ label, tabs, selected, onSelect, children }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`#tab-${target.id}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className="tabs" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`} tabIndex={0} className="tab-panel">
        {children}
      </div>
    </>
  );
}
