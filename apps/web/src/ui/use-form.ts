import { useCallback, useState, type FormEvent } from 'react';
import { messageOf } from '../api/api-error.js';
import { validate, type Rule } from '../forms/validation.js';

/**
 * A form's values, per-field errors from the API's rules (checked before anything is sent), and the
 * error of the last submit in words. `submit` runs `send` only when every rule passes.
 */
export function useForm<F extends string>(initial: Record<F, string>, fieldRules: Partial<Record<F, Rule>>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Stable across renders, so a page may call it from an effect.
  const set = useCallback((field: F) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's old error goes once it is edited; it is checked again on submit.
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  const submit = (send: (values: Record<F, string>) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, fieldRules);
    setErrors(found);
    setError(undefined);
    if (Object.keys(found).length > 0) {
      const form = event.currentTarget as HTMLFormElement;
      // After React has drawn the errors, so the first invalid field is marked and can be focused.
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    try {
      await send(values);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, error, busy, set, submit, setError };
}
