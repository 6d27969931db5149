import { apiGet } from '../api/api-client.js';
import { AsyncView } from '../ui/async-state.js';
import { useAsync } from '../ui/use-async.js';
import type { StablecoinBalancesView } from './wallet-views.js';

/** GET /api/wallet?address= (4.1): the 11 stablecoins of the token network, each worth a dollar; only funded ones are listed. */
export function StablecoinBalances({ address }: { address: string }) {
  const balances = useAsync((signal) => apiGet<StablecoinBalancesView>(`/api/wallet?address=${address}`, signal), `balances-${address}`);
  return (
    <AsyncView state={balances} noun="stablecoin balances">
      {(view) => (
        <>
          <p>Stablecoins on {view.chain}: <strong>${view.totalUsd}</strong></p>
          {view.allTokens.length > 0 && (
            <ul>{view.allTokens.map((token) => <li key={token.address}>{token.balance} {token.symbol} ({token.name})</li>)}</ul>
          )}
        </>
      )}
    </AsyncView>
  );
}
