import { api } from '../api/api-client.js';
import { currentPasswordRule } from '../forms/account-rules.js';
import { rules } from '../forms/validation.js';
import { Alert, useToast } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { clearForm } from '../ui/clear-form.js';
import { FormField } from '../ui/form-field.js';
import { useForm } from '../ui/use-form.js';

const EMPTY = { currentPassword: '', newPassword: '' };

/** POST /api/user/password: identity ends every other session of the user, this one stays signed in. */
export function PasswordForm() {
  const toast = useToast();
  const form = useForm(EMPTY, { currentPassword: currentPasswordRule, newPassword: rules.newPassword });
  return (
    <form noValidate onSubmit={form.submit(async (values) => {
      await api('POST', '/api/user/password', values);
      clearForm(form.set, EMPTY);
      toast('Password changed; every other session is signed out');
    })}>
      <FormField label="Current password" type="password" autoComplete="current-password" value={form.values.currentPassword} onChange={form.set('currentPassword')} error={form.errors.currentPassword} />
      <FormField label="New password" type="password" autoComplete="new-password" hint="8 to 128 characters." value={form.values.newPassword} onChange={form.set('newPassword')} error={form.errors.newPassword} />
      {form.error && <Alert>{form.error}</Alert>}
      <Button type="submit" busy={form.busy}>Change password</Button>
    </form>
  );
}
