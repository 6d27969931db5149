import type { WalletTransactionsView, WalletTransactionView } from '@contracts/wallet/transaction-views.js';
import { useState } from 'react';
import { apiGet } from '../api/api-client.js';
import { messageOf } from '../api/api-error.js';
import { dateTime } from '../format/date-time.js';
import { Alert } from '../ui/alert.js';
import { AsyncList } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { TableWrap } from '../ui/table-wrap.js';
import { useAsync } from '../ui/use-async.js';

const page = (cursor: string | null, signal?: AbortSignal) =>
  apiGet<WalletTransactionsView>(`/api/wallet/transactions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, signal);

const DIRECTION = { in: 'received', out: 'sent', self: 'to itself' } as const;

/** GET /api/wallet/transactions, newest first, a page at a time (its `nextCursor`, docs/wallet.md). */
export function TransactionsTable() {
  const first = useAsync((signal) => page(null, signal), 'transactions');
  const [more, setMore] = useState<{ items: WalletTransactionView[]; cursor: string | null }>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const cursor = more ? more.cursor : first.data?.nextCursor ?? null;
  const loadMore = async () => {
    setLoading(true);
    setError(undefined);
    try {
      const next = await page(cursor);
      setMore({ items: [...(more?.items ?? []), ...next.transactions], cursor: next.nextCursor });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setLoading(false);
    }
  };
  return (
    <AsyncList state={{ ...first, data: first.data && [...first.data.transactions, ...(more?.items ?? [])] }} noun="transactions" empty={<p>No transactions yet.</p>}>
      {(items) => (
        <>
          <TableWrap label="Transactions">
            <table>
              <thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Amount</th><th scope="col">Other side</th><th scope="col">Status</th></tr></thead>
              <tbody>
                {items.map((tx) => (
                  <tr key={tx.id}>
                    <td>{dateTime(tx.timestamp)}</td>
                    <td>{tx.type === 'top_up' ? `Card top-up (${tx.calls} calls)` : `Transfer ${DIRECTION[tx.direction]}`}</td>
                    <td>{tx.amount} {tx.token}</td>
                    <td>{tx.counterparty ? <code>{tx.counterparty}</code> : 'not on chain yet'}</td>
                    <td>{tx.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          {error && <Alert>Could not load more transactions: {error}</Alert>}
          {cursor && <Button variant="secondary" busy={loading} onClick={loadMore}>Load more</Button>}
        </>
      )}
    </AsyncList>
  );
}
