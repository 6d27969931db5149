/**
 * Where one recipient's payment is: pending (not signed yet), sent (signed and perhaps on its way,
 * hash known), confirmed (mined), failed (reverted, nonce taken, or never sent as the split failed).
 */
export type SplitRecipientStatus = 'pending' | 'sent' | 'confirmed' | 'failed';

/** queued → processing → completed, or failed with a reason (docs/wallet.md, Splits). */
export type SplitStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface SplitRecipientView {
  address: string;
  share: number;
  /** USDC, as a decimal string (exact). */
  amount: string;
  status: SplitRecipientStatus;
  txHash: string | null;
}

/** GET /api/underground/splits/:id. */
export interface SplitView {
  splitId: number;
  userId: string;
  agentId: string;
  fromAddress: string;
  name: string;
  totalAmount: string;
  status: SplitStatus;
  reason: string | null;
  recipients: SplitRecipientView[];
  createdAt: string;
  updatedAt: string;
}

/** POST /api/underground/splits (extended-services 2). */
export interface SplitQueuedReply {
  success: true;
  splitId: number;
  status: 'queued';
}

/** POST /api/underground/wallets (extended-services 4.2). */
export interface AgentWalletView {
  address: string;
  agentId: string;
  userId: string;
}

/** GET /api/underground/wallets/:address/balance: USDC as a number. */
export interface AgentWalletBalanceView {
  address: string;
  balance_usdc: number;
}

/** One of a user's splits, without its recipients (`svc.wallet.open_splits`). */
export interface SplitSummaryView {
  splitId: number;
  agentId: string;
  name: string;
  totalAmount: string;
  status: SplitStatus;
  createdAt: string;
}

/** `svc.wallet.split_totals`: a user's splits added up by the database; amounts are exact USDC text. */
export interface SplitTotalsView {
  splits: number;
  byStatus: Record<SplitStatus, { count: number; amount: string }>;
  /** What confirmed transfers have paid out. */
  paid: string;
  /** Per recipient, what confirmed transfers paid it, most first. */
  recipients: Array<{ address: string; paid: string }>;
}
