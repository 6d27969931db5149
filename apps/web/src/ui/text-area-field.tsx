import { FieldFrame } from './field-frame.js';

interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  error?: string;
  hint?: string;
}

export function TextAreaField({ label, value, onChange, rows = 4, error, hint }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => <textarea {...control} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />}
    </FieldFrame>
  );
}
