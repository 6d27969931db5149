import { BILLING_API_PLANS, CREDIT_PACK_IDS, CREDIT_PACKS, creditPackPrice } from '@contracts/billing/billing-plans.js';
import { apiGet } from '../api/api-client.js';
import type { BillingOverviewView } from '../billing/billing-view.js';
import { ByokForm } from '../billing/byok-form.js';
import { openCheckout } from '../billing/open-checkout.js';
import { ActionButton } from '../ui/action-button.js';
import { AsyncView } from '../ui/async-state.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';

/** platform-core 4.6: plan, daily units, credits and bring-your-own-key, from GET and POST /api/billing. */
export default function BillingPage() {
  const billing = useAsync((signal) => apiGet<BillingOverviewView>('/api/billing', signal), 'billing');
  return (
    <PageLayout title="Billing">
      <AsyncView state={billing} noun="billing">
        {(view) => (
          <>
            <dl className="summary">
              <div><dt>Plan</dt><dd>{view.currentPlan} ({view.subscriptionStatus})</dd></div>
              <div><dt>Units used today</dt><dd>{view.usage.used} of {view.usage.dailyUnits}</dd></div>
              <div><dt>Units left today</dt><dd>{view.usage.remaining}</dd></div>
              <div><dt>Credits</dt><dd>{view.credits}</dd></div>
            </dl>
            <p className="field-hint">Daily units start again at midnight UTC.</p>
            <section aria-labelledby="plans-heading">
              <h2 id="plans-heading">Plans</h2>
              <ul className="card-list">
                {BILLING_API_PLANS.map((id) => {
                  const plan = view.plans[id];
                  return (
                    <li key={id} className="card">
                      <h3>{plan.name}</h3>
                      <p>£{plan.price} a month · {plan.dailyUnits} daily units</p>
                      <ul>{plan.features.map((feature) => <li key={feature}>{feature}</li>)}</ul>
                      {view.currentPlan === id ? <p><strong>Your plan</strong></p> : (
                        <ActionButton variant="primary" label={`Choose ${plan.name}`} done="Opening the checkout…" action={() => openCheckout({ action: 'create-checkout', plan: id })}>Choose</ActionButton>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
            <section aria-labelledby="credits-heading">
              <h2 id="credits-heading">Buy credits</h2>
              <div className="actions">
                {CREDIT_PACK_IDS.map((pack) => (
                  <ActionButton key={pack} done="Opening the checkout…" action={() => openCheckout({ action: 'buy-credits', pack })}>
                    {CREDIT_PACKS[pack]} credits for {creditPackPrice(pack)}
                  </ActionButton>
                ))}
              </div>
            </section>
            <section aria-labelledby="byok-heading">
              <h2 id="byok-heading">Bring your own key</h2>
              <ByokForm enabled={view.byokEnabled} onChanged={billing.reload} />
            </section>
          </>
        )}
      </AsyncView>
    </PageLayout>
  );
}
