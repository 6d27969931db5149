import type { ProfileView } from '@contracts/identity/user-views.js';
import { api } from '../api/api-client.js';
import { dateTime } from '../format/date-time.js';
import { profileNameRule } from '../forms/account-rules.js';
import { useSession } from '../session/session.js';
import { Alert, useToast } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { useForm } from '../ui/use-form.js';

/** PATCH /api/user { name }; the header's name comes from the session, so it is read again. */
export function ProfileForm({ profile, onSaved }: { profile: ProfileView; onSaved: () => void }) {
  const toast = useToast();
  const { refresh } = useSession();
  const form = useForm({ name: profile.name }, { name: profileNameRule });
  return (
    <>
      <dl className="summary">
        <div><dt>Email</dt><dd>{profile.email}</dd></div>
        <div><dt>Plan</dt><dd>{profile.plan} ({profile.subscriptionStatus})</dd></div>
        <div><dt>Referral code</dt><dd><code>{profile.referralCode}</code></dd></div>
        <div><dt>Member since</dt><dd>{dateTime(profile.createdAt)}</dd></div>
      </dl>
      <form noValidate onSubmit={form.submit(async ({ name }) => {
        await api('PATCH', '/api/user', { name: name.trim() });
        await refresh();
        toast('Profile saved');
        onSaved();
      })}>
        <FormField label="Display name" autoComplete="name" hint="1 to 100 characters." value={form.values.name} onChange={form.set('name')} error={form.errors.name} />
        {form.error && <Alert>{form.error}</Alert>}
        <Button type="submit" busy={form.busy}>Save profile</Button>
      </form>
    </>
  );
}
