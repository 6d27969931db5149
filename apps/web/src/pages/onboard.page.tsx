import type { ProfileView } from '@contracts/identity/user-views.js';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiGet } from '../api/api-client.js';
import { AsyncView } from '../ui/async-state.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';

/** The processor's webhook may land a moment after its redirect: the plan is polled until it is active. */
const POLL_MS = 2000;

/** Where the checkout returns to: /onboard?plan=<plan>&paid=1 (services/billing/src/checkout). */
export default function OnboardPage() {
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const [active, setActive] = useState(false);
  const profile = useAsync(async (signal) => (await apiGet<{ user: ProfileView }>('/api/user', signal)).user, 'profile', active ? undefined : POLL_MS);
  useEffect(() => {
    if (profile.data?.subscriptionStatus === 'active') setActive(true);
  }, [profile.data]);
  return (
    <PageLayout title="Welcome aboard">
      <AsyncView state={profile} noun="your plan">
        {(user) => (user.subscriptionStatus === 'active' ? (
          <div role="status">
            <p>Your <strong>{user.plan}</strong> plan is active.</p>
            <p><Link className="button button-primary" to="/dashboard">Provision your first agent</Link></p>
          </div>
        ) : (
          <div role="status">
            <p>Payment received{plan ? ` for the ${plan} plan` : ''}. Activating your subscription…</p>
            <progress aria-label="Activating your subscription" />
          </div>
        ))}
      </AsyncView>
    </PageLayout>
  );
}
