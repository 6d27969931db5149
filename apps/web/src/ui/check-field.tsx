import { useId } from 'react';

/** A labelled checkbox (the label after the box, as people expect of one). */
export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field" style={{ flexDirection: 'row', alignItems: 'center' }}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
