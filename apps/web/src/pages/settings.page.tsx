import type { ProfileView } from '@contracts/identity/user-views.js';
import { useNavigate } from 'react-router';
import { apiGet } from '../api/api-client.js';
import { useSession } from '../session/session.js';
import { PasswordForm } from '../settings/password-form.js';
import { ProfileForm } from '../settings/profile-form.js';
import { ActionButton } from '../ui/action-button.js';
import { AsyncView } from '../ui/async-state.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';

/** Profile (GET/PATCH /api/user), password (POST /api/user/password) and this session; the API lists no sessions (docs/web.md). */
export default function SettingsPage() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const profile = useAsync(async (signal) => (await apiGet<{ user: ProfileView }>('/api/user', signal)).user, 'profile');
  return (
    <PageLayout title="Settings">
      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <AsyncView state={profile} noun="your profile">{(view) => <ProfileForm profile={view} onSaved={profile.reload} />}</AsyncView>
      </section>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <PasswordForm />
      </section>
      <section aria-labelledby="session-heading">
        <h2 id="session-heading">Session</h2>
        <p>This browser is signed in as {user?.email}. Sessions last 30 days; changing your password signs out every other one.</p>
        <ActionButton done="Signed out" onDone={() => navigate('/login')} action={signOut}>Sign out of this browser</ActionButton>
      </section>
    </PageLayout>
  );
}
