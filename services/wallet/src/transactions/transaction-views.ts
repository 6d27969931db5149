import type { WalletTransactionStatus, WalletTransactionView } from '@platform/contracts';
import { formatUnits, type Address } from 'viem';
import { usdcUnitsOf } from '../top-ups/top-up-amounts.js';
import type { TopUpRecord } from './top-up-history.js';
import type { UsdcTransferLog } from './usdc-transfer-logs.js';

const USDC_DECIMALS = 6;

/** A top-up is pending until its transfer is mined: while no treasury paid it, and while it is planned or signed. */
function statusOf(topUp: TopUpRecord): WalletTransactionStatus {
  if (topUp.transferStatus === 'confirmed' || topUp.transferStatus === 'failed') return topUp.transferStatus;
  return 'pending';
}

export function topUpView(topUp: TopUpRecord): WalletTransactionView {
  return {
    id: `top_up:${topUp.sessionId}`,
    type: 'top_up',
    direction: 'in',
    amount: formatUnits(usdcUnitsOf(topUp.amountCents), USDC_DECIMALS),
    token: 'USDC',
    counterparty: topUp.from,
    txHash: topUp.txHash,
    status: statusOf(topUp),
    timestamp: new Date(topUp.paidAt).toISOString(),
    calls: topUp.calls,
  };
}

export function transferView(log: UsdcTransferLog, wallet: Address): WalletTransactionView {
  const direction = log.from === log.to ? 'self' : log.to === wallet ? 'in' : 'out';
  return {
    id: `${log.txHash}:${log.logIndex}`,
    type: 'transfer',
    direction,
    amount: formatUnits(log.value, USDC_DECIMALS),
    token: 'USDC',
    counterparty: direction === 'in' ? log.from : log.to,
    txHash: log.txHash,
    status: 'confirmed',
    timestamp: log.at.toISOString(),
    calls: null,
  };
}
