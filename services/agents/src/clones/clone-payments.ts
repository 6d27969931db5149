import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChainClients, STABLECOINS, stablecoinChainId, type ChainId } from '@platform/chain';
import {
  AGENT_MESSAGES as M, ApiError, CLONE_CURRENCY, CLONE_PRICE, wrongChain, type CloneServiceHealth, type PaymentProofDto,
} from '@platform/contracts';
import { formatUnits, getAddress, parseUnits, TransactionReceiptNotFoundError, type Address, type Hex } from 'viem';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { paidUnits } from './paid-units.js';

const PATH_USD = STABLECOINS.find((coin) => coin.symbol === CLONE_CURRENCY)!;
const PRICE_UNITS = parseUnits(CLONE_PRICE, PATH_USD.decimals);

/** A payment read on chain: what was actually transferred, by whom, in which transaction. */
export interface ConfirmedPayment {
  transactionHash: string;
  chainId: ChainId;
  payer: Address;
  payee: Address;
  units: bigint;
  /** The same, as a decimal pathUSD amount. */
  amount: string;
}

/**
 * Clones are paid in pathUSD to CLONE_PAYEE_ADDRESS on the stablecoin network NETWORK_TESTNET
 * picks. A proof is believed only as far as the transaction's receipt bears it out.
 */
@Injectable()
export class ClonePayments {
  private readonly logger = new Logger('ClonePayments');
  readonly chainId: ChainId;
  private readonly payee: Address | null;

  constructor(private readonly chains: ChainClients, @Inject(AGENTS_ENV) env: AgentsEnv) {
    this.chainId = stablecoinChainId(env.NETWORK_TESTNET);
    this.payee = env.CLONE_PAYEE_ADDRESS ? getAddress(env.CLONE_PAYEE_ADDRESS) : null;
  }

  health(): CloneServiceHealth {
    return {
      status: this.payee ? 'ok' : 'unavailable',
      price: CLONE_PRICE,
      currency: CLONE_CURRENCY,
      chainId: this.chainId,
      token: PATH_USD.address,
      payee: this.payee,
    };
  }

  /** The proof's own claims first (400), then the receipt: missing, reverted or short is 402. */
  async confirm(proof: PaymentProofDto): Promise<ConfirmedPayment> {
    if (!this.payee) throw new ApiError(503, M.cloneNotConfigured);
    if (proof.chainId !== this.chainId) throw new ApiError(400, wrongChain(this.chainId));
    if (getAddress(proof.to) !== this.payee) throw new ApiError(400, M.toInvalid);
    if (parseUnits(proof.amount, PATH_USD.decimals) < PRICE_UNITS) throw new ApiError(400, M.amountInvalid);
    const receipt = await this.chains.client(this.chainId).getTransactionReceipt({ hash: proof.transactionHash as Hex }).catch((error) => {
      if (error instanceof TransactionReceiptNotFoundError) throw new ApiError(402, M.paymentNotFound);
      this.logger.warn(`Receipt of ${proof.transactionHash} unreadable: ${String(error)}`);
      throw new ApiError(503, M.chainUnavailable);
    });
    if (receipt.status !== 'success') throw new ApiError(402, M.paymentReverted);
    const payer = getAddress(proof.from);
    const units = paidUnits(receipt.logs, PATH_USD.address, payer, this.payee);
    if (units < PRICE_UNITS) throw new ApiError(402, M.paymentTooSmall);
    return { transactionHash: proof.transactionHash.toLowerCase(), chainId: this.chainId, payer, payee: this.payee, units, amount: formatUnits(units, PATH_USD.decimals) };
  }
}
