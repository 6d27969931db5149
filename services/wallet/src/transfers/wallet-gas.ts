import { Injectable } from '@nestjs/common';
import { ChainClients } from '@platform/chain';
import { gasFailedReason, SPLIT_MESSAGES as M } from '@platform/contracts';
import { Db } from '@platform/database';
import type { Address } from 'viem';
import { baseSepolia } from 'viem/chains';
import { WalletKeys } from '../keys/wallet-keys.js';
import { ChainTransfers } from './chain-transfers.js';
import { PayoutFailure } from './payout-failure.js';
import { gasBudget } from './transfer-call.js';

/** A wallet short of gas is sent twice what its transfers need at today's fee, so a fee rising before they are signed does not leave it short again. */
const GAS_HEADROOM = 2n;

const OPEN = new Set(['planned', 'signed']);

/** The wallet about to pay, and the purposeId its gas transfers are recorded under (`split:<id>`, `escrow:<bookingId>`). */
export interface GasPayer {
  userId: string | null;
  address: string;
  purposeId: string;
}

/**
 * Gas for the USDC transfers of a wallet the platform holds (an agent's, an escrow's), from the
 * platform treasury. Each gas transfer is recorded under purpose `gas` and the payer's purposeId:
 * a worker or request restarted midway executes the one it recorded instead of sending another.
 */
@Injectable()
export class WalletGas {
  constructor(
    private readonly db: Db,
    private readonly keys: WalletKeys,
    private readonly transfers: ChainTransfers,
    private readonly chains: ChainClients,
  ) {}

  /** Makes sure the wallet can pay for `count` more token transfers; PayoutFailure when it cannot be given the gas. */
  async ensure(payer: GasPayer, count: number): Promise<void> {
    if (count === 0) return;
    const earlier = await this.transfers.ofPurpose('gas', payer.purposeId);
    const open = earlier.find((transfer) => OPEN.has(transfer.status));
    const transfer = open ?? await this.plan(payer, count, earlier.length);
    if (!transfer) return;
    const done = await this.transfers.execute(transfer.id);
    if (done.status === 'failed') throw new PayoutFailure(gasFailedReason(done.error));
  }

  /** A new gas transfer when the wallet holds less than `count` transfers may cost; null when it holds enough. */
  private async plan(payer: GasPayer, count: number, position: number) {
    const client = this.chains.client(baseSepolia.id);
    const wallet = payer.address as Address;
    const [fees, held] = await Promise.all([client.estimateFeesPerGas(), client.getBalance({ address: wallet })]);
    const needed = gasBudget(count, fees.maxFeePerGas);
    if (held >= needed) return null;
    const treasury = this.keys.treasury;
    if (!treasury) throw new PayoutFailure(M.noGas);
    return this.db.asSystem((manager) => this.transfers.plan(manager, {
      userId: payer.userId, chainId: baseSepolia.id, token: null, from: treasury.address, to: wallet,
      amount: needed * GAS_HEADROOM - held, purpose: 'gas', purposeId: payer.purposeId, position,
    }));
  }
}
