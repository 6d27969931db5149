import { useId, type InputHTMLAttributes } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The rule's text; shown under the field and tied to it with aria-describedby. */
  error?: string;
  hint?: string;
}

export function FormField({ label, value, onChange, error, hint, id, ...input }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const described = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && <p id={`${inputId}-hint`} className="field-hint">{hint}</p>}
      {error && <p id={`${inputId}-error`} className="field-error">{error}</p>}
    </div>
  );
}
