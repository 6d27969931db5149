import { useId, type ReactNode } from 'react';

/** The props that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** FormField's frame for controls other than an input (select, textarea): label, hint and error wired the same way. */
export function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}
