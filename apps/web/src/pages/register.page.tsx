import { Link, useNavigate } from 'react-router';
import { api } from '../api/api-client.js';
import { rules } from '../forms/validation.js';
import { useSession } from '../session/session.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { PageLayout } from '../ui/page-layout.js';
import { useForm } from '../ui/use-form.js';

/** platform-core 4.1: register creates no session, so the page signs in right after. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const form = useForm({ name: '', email: '', password: '' }, { email: rules.email, password: rules.newPassword });
  return (
    <PageLayout title="Create your account">
      <form noValidate onSubmit={form.submit(async ({ name, email, password }) => {
        await api('POST', '/api/register', { email: email.trim(), password, ...(name.trim() ? { name: name.trim() } : {}) });
        await api('POST', '/api/auth/login', { email: email.trim(), password });
        await refresh();
        navigate('/pricing');
      })}>
        <FormField label="Name (optional)" autoComplete="name" maxLength={100} value={form.values.name} onChange={form.set('name')} />
        <FormField label="Email" type="email" autoComplete="email" value={form.values.email} onChange={form.set('email')} error={form.errors.email} />
        <FormField label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." value={form.values.password} onChange={form.set('password')} error={form.errors.password} />
        {form.error && <Alert>{form.error}</Alert>}
        <Button type="submit" busy={form.busy}>Create account</Button>
      </form>
      <p>Already have an account? <Link to="/login">Sign in</Link></p>
    </PageLayout>
  );
}
