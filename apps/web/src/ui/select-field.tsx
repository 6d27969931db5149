import { FieldFrame } from './field-frame.js';

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] pairs, in the order shown. */
  options: readonly (readonly [string, string])[];
  error?: string;
  hint?: string;
}

export function SelectField({ label, value, onChange, options, error, hint }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map(([optionValue, text]) => <option key={optionValue} value={optionValue}>{text}</option>)}
        </select>
      )}
    </FieldFrame>
  );
}
