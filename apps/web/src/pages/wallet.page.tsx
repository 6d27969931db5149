import { useSearchParams } from 'react-router';
import { api, apiGet } from '../api/api-client.js';
import { dateTime } from '../format/date-time.js';
import { ActionButton } from '../ui/action-button.js';
import { Alert } from '../ui/alert.js';
import { AsyncView } from '../ui/async-state.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';
import { StablecoinBalances } from '../wallet/stablecoin-balances.js';
import { TopUpForm } from '../wallet/top-up-form.js';
import { TransactionsTable } from '../wallet/transactions-table.js';
import type { SessionWalletView } from '../wallet/wallet-views.js';

/** What the processor's return (TOP_UP_REDIRECTS of libs/contracts) means, in words. */
const TOP_UP_RESULT: Record<string, { tone: 'success' | 'info'; text: string }> = {
  success: { tone: 'success', text: 'Payment received. The USDC arrives in your wallet once its transfer is on chain; it shows below as pending until then.' },
  cancelled: { tone: 'info', text: 'The top-up was cancelled; nothing was charged.' },
};

/** extended-services 4.1: the signed-in user's session wallet on base-sepolia. */
export default function WalletPage() {
  const [params] = useSearchParams();
  const wallet = useAsync((signal) => apiGet<SessionWalletView>('/api/wallet', signal), 'wallet');
  const result = TOP_UP_RESULT[params.get('top_up') ?? ''];
  return (
    <PageLayout title="Wallet">
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <AsyncView state={wallet} noun="your wallet">
        {(view) => {
          if (view.hasWallet === undefined) return <Alert tone="info">{view.instructions}</Alert>;
          if (!view.hasWallet) {
            return (
              <>
                <p>You have no wallet yet. The platform creates one on {view.network} and keeps its key sealed: it is never shown.</p>
                <ActionButton variant="primary" done="Wallet created" onDone={wallet.reload} action={() => api('POST', '/api/wallet', { action: 'create' })}>Create wallet</ActionButton>
              </>
            );
          }
          return (
            <>
              <dl className="summary">
                <div><dt>Address</dt><dd><code className="secret">{view.address}</code></dd></div>
                <div><dt>USDC on {view.network}</dt><dd>{view.balance}</dd></div>
                <div><dt>Created</dt><dd>{dateTime(view.createdAt)}</dd></div>
              </dl>
              <StablecoinBalances address={view.address} />
              <section aria-labelledby="top-up-heading">
                <h2 id="top-up-heading">Top up</h2>
                <TopUpForm address={view.address} />
              </section>
              <section aria-labelledby="transactions-heading">
                <h2 id="transactions-heading">Transactions</h2>
                <TransactionsTable />
              </section>
            </>
          );
        }}
      </AsyncView>
    </PageLayout>
  );
}
