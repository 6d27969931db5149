import { EXTERNAL_SIGN_IN_ERRORS } from '@contracts/identity/messages.js';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/api-client.js';
import { messageOf } from '../api/api-error.js';
import { rules } from '../forms/validation.js';
import { useSession } from '../session/session.js';
import { injectedWallet, signInWithWallet } from '../session/wallet-sign-in.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { PageLayout } from '../ui/page-layout.js';
import { useForm } from '../ui/use-form.js';

/** `/login?error=` values the external sign-in redirects with (platform-core 4.2), in words. */
const EXTERNAL_ERRORS: Record<string, string> = {
  [EXTERNAL_SIGN_IN_ERRORS.notConfigured]: 'That sign-in method is not set up on this platform.',
  [EXTERNAL_SIGN_IN_ERRORS.authFailed]: 'The sign-in was not completed. Try again.',
  [EXTERNAL_SIGN_IN_ERRORS.tokenFailed]: 'The provider could not confirm the sign-in. Try again.',
  [EXTERNAL_SIGN_IN_ERRORS.noEmail]: 'That account has no email address we can use.',
  [EXTERNAL_SIGN_IN_ERRORS.authError]: 'Something went wrong while signing in. Try again.',
  [EXTERNAL_SIGN_IN_ERRORS.accountDisabled]: 'That account is disabled.',
};

/** Only a path on this site, so a crafted link cannot send someone elsewhere after signing in. */
const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard');

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const form = useForm({ email: '', password: '' }, { email: rules.email, password: rules.password });
  const [walletError, setWalletError] = useState<string>();
  const [walletBusy, setWalletBusy] = useState(false);
  const wallet = injectedWallet();
  const next = safeNext(params.get('next'));
  const external = params.get('error');

  const signedIn = async () => {
    await refresh();
    navigate(next, { replace: true });
  };

  const onWallet = async () => {
    setWalletBusy(true);
    setWalletError(undefined);
    try {
      await signInWithWallet(wallet!);
      await signedIn();
    } catch (error) {
      setWalletError(messageOf(error));
    } finally {
      setWalletBusy(false);
    }
  };

  return (
    <PageLayout title="Sign in">
      {external && <Alert>{EXTERNAL_ERRORS[external] ?? 'Sign-in failed. Try again.'}</Alert>}
      <form noValidate onSubmit={form.submit(async ({ email, password }) => {
        await api('POST', '/api/auth/login', { email: email.trim(), password });
        await signedIn();
      })}>
        <FormField label="Email" type="email" autoComplete="email" value={form.values.email} onChange={form.set('email')} error={form.errors.email} />
        <FormField label="Password" type="password" autoComplete="current-password" value={form.values.password} onChange={form.set('password')} error={form.errors.password} />
        {form.error && <Alert>{form.error}</Alert>}
        <div className="actions">
          <Button type="submit" busy={form.busy}>Sign in</Button>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </form>
      <section aria-labelledby="other-ways">
        <h2 id="other-ways">Other ways to sign in</h2>
        <div className="actions">
          {/* Full-page navigations: the API redirects to the provider and back to /dashboard. */}
          <a className="button button-secondary" href="/api/auth/idp">Sign in with the identity provider</a>
          <a className="button button-secondary" href="/api/auth/code-host">Sign in with the code host</a>
          {wallet && <Button variant="secondary" busy={walletBusy} onClick={onWallet}>Sign in with your wallet</Button>}
        </div>
        {walletError && <Alert>{walletError}</Alert>}
      </section>
      <p>New here? <Link to="/register">Create an account</Link></p>
    </PageLayout>
  );
}
