import { IDENTITY_MESSAGES } from '@contracts/identity/messages.js';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../api/api-client.js';
import { rules } from '../forms/validation.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { PageLayout } from '../ui/page-layout.js';
import { useForm } from '../ui/use-form.js';

/** The mailed link is /reset-password?token=… (services/identity/src/passwords/password-reset.service.ts). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const form = useForm({ password: '', confirm: '' }, {
    password: rules.newPassword,
    confirm: (value, values) => (value === values.password ? undefined : 'The passwords do not match'),
  });
  return (
    <PageLayout title="Choose a new password">
      {!token && <Alert>{IDENTITY_MESSAGES.resetTokenRequired}: open the link from the email again.</Alert>}
      {done ? (
        <Alert tone="success">Your password has been changed. <Link to="/login">Sign in</Link></Alert>
      ) : token && (
        <form noValidate onSubmit={form.submit(async ({ password }) => {
          await api('POST', '/api/auth/reset-password', { token, password });
          setDone(true);
        })}>
          <FormField label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." value={form.values.password} onChange={form.set('password')} error={form.errors.password} />
          <FormField label="Repeat the new password" type="password" autoComplete="new-password" value={form.values.confirm} onChange={form.set('confirm')} error={form.errors.confirm} />
          {form.error && <Alert>{form.error} {form.error === IDENTITY_MESSAGES.resetTokenInvalid && <Link to="/forgot-password">Ask for a new link</Link>}</Alert>}
          <Button type="submit" busy={form.busy}>Change password</Button>
        </form>
      )}
    </PageLayout>
  );
}
