import { CHECKOUT_PLANS, PLAN_PRICES_PENCE, type CheckoutPlan } from '@contracts/billing/billing-plans.js';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../session/session.js';
import { Alert } from '../ui/alert.js';
import { PageLayout } from '../ui/page-layout.js';

const PLAN_NAMES: Record<CheckoutPlan, string> = { solo: 'Solo', collective: 'Collective', label: 'Label', network: 'Network' };

/** `/pricing?error=` values the checkout redirects with (platform-core 4.6), in words. */
const CHECKOUT_ERRORS: Record<string, string> = {
  invalid_plan: 'That plan does not exist. Choose one below.',
  stripe_not_configured: 'Payments are not set up on this platform yet.',
  checkout_failed: 'The checkout could not be started. Try again in a moment.',
};

const pounds = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(pence / 100);

export default function PricingPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const error = params.get('error');
  return (
    <PageLayout title="Plans">
      {error && <Alert>{CHECKOUT_ERRORS[error] ?? 'The checkout did not go through. Try again.'}</Alert>}
      <ul className="card-list">
        {CHECKOUT_PLANS.map((plan) => (
          <li key={plan} className="card">
            <h2>{PLAN_NAMES[plan]}</h2>
            <p><strong>{pounds(PLAN_PRICES_PENCE[plan])}</strong> per month</p>
            {user ? (
              // A full navigation: the API answers 303 to the payment processor's checkout page.
              <a className="button button-primary" href={`/api/billing-provider/checkout?plan=${plan}`} aria-label={`Choose ${PLAN_NAMES[plan]}`}>Choose</a>
            ) : (
              <Link className="button button-secondary" to="/register" aria-label={`Create an account for ${PLAN_NAMES[plan]}`}>Create an account</Link>
            )}
          </li>
        ))}
      </ul>
    </PageLayout>
  );
}
