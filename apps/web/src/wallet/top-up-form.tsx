import { DEFAULT_TOP_UP_CENTS, TOP_UP_AMOUNTS_CENTS } from '@contracts/wallet/wallet-network.js';
import type { TopUpCheckoutReply } from '@contracts/wallet/top-up-views.js';
import { apiGet } from '../api/api-client.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { SelectField } from '../ui/select-field.js';
import { useForm } from '../ui/use-form.js';

const dollars = (cents: number) => cents / 100;

/**
 * GET /api/wallet/top-up (4.1): the processor's checkout for the amount, then back to
 * /dashboard/wallet?top_up=success or cancelled; the credit arrives on chain after the payment.
 */
export function TopUpForm({ address }: { address: string }) {
  const form = useForm({ amount: String(DEFAULT_TOP_UP_CENTS) }, {});
  return (
    <form noValidate onSubmit={form.submit(async ({ amount }) => {
      const { url } = await apiGet<TopUpCheckoutReply>(`/api/wallet/top-up?amount=${amount}&address=${address}`);
      window.location.assign(url);
    })}>
      <SelectField label="Amount" value={form.values.amount} onChange={form.set('amount')}
        options={TOP_UP_AMOUNTS_CENTS.map((cents) => [String(cents), `$${dollars(cents)}: ${dollars(cents)} agent calls`])} />
      {form.error && <Alert>{form.error}</Alert>}
      <Button type="submit" busy={form.busy}>Pay by card</Button>
    </form>
  );
}
