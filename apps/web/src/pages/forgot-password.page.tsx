import { IDENTITY_MESSAGES } from '@contracts/identity/messages.js';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/api-client.js';
import { rules } from '../forms/validation.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { PageLayout } from '../ui/page-layout.js';
import { useForm } from '../ui/use-form.js';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm({ email: '' }, { email: rules.email });
  return (
    <PageLayout title="Reset your password">
      {sent ? (
        <Alert tone="success">{IDENTITY_MESSAGES.resetLinkSent}</Alert>
      ) : (
        <form noValidate onSubmit={form.submit(async ({ email }) => {
          await api('POST', '/api/auth/forgot-password', { email: email.trim() });
          setSent(true);
        })}>
          <p>We will email you a link to choose a new password.</p>
          <FormField label="Email" type="email" autoComplete="email" value={form.values.email} onChange={form.set('email')} error={form.errors.email} />
          {form.error && <Alert>{form.error}</Alert>}
          <Button type="submit" busy={form.busy}>Send reset link</Button>
        </form>
      )}
      <p><Link to="/login">Back to sign in</Link></p>
    </PageLayout>
  );
}
