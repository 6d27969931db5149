import { Injectable } from '@nestjs/common';
import { ChainClients } from '@platform/chain';
import { gasFailedReason, SPLIT_MESSAGES as M } from '@platform/contracts';
import { Db } from '@platform/database';
import type { Address } from 'viem';
import { baseSepolia } from 'viem/chains';
import { WalletKeys } from '../keys/wallet-keys.js';
import { ChainTransfers } from '../transfers/chain-transfers.js';
import { gasBudget } from '../transfers/transfer-call.js';
import { SplitFailure } from './split-failure.js';
import type { SplitEntity } from './split.entity.js';

/** A wallet short of gas is sent twice what its transfers need at today's fee, so a fee rising before they are signed does not leave it short again. */
const GAS_HEADROOM = 2n;

const OPEN = new Set(['planned', 'signed']);

/**
 * Gas for an agent wallet's split transfers, from the platform treasury. Each gas transfer is
 * recorded under purpose `gas`, purposeId `split:<id>`: a worker restarted mid-split executes the
 * one it recorded instead of sending another.
 */
@Injectable()
export class AgentGas {
  constructor(
    private readonly db: Db,
    private readonly keys: WalletKeys,
    private readonly transfers: ChainTransfers,
    private readonly chains: ChainClients,
  ) {}

  /** Makes sure the split's wallet can pay for `count` more token transfers; SplitFailure when it cannot be given the gas. */
  async ensure(split: SplitEntity, count: number): Promise<void> {
    if (count === 0) return;
    const purposeId = `split:${split.id}`;
    const earlier = await this.transfers.ofPurpose('gas', purposeId);
    const open = earlier.find((transfer) => OPEN.has(transfer.status));
    const transfer = open ?? await this.plan(split, count, purposeId, earlier.length);
    if (!transfer) return;
    const done = await this.transfers.execute(transfer.id);
    if (done.status === 'failed') throw new SplitFailure(gasFailedReason(done.error));
  }

  /** A new gas transfer when the wallet holds less than `count` transfers may cost; null when it holds enough. */
  private async plan(split: SplitEntity, count: number, purposeId: string, position: number) {
    const client = this.chains.client(baseSepolia.id);
    const wallet = split.fromAddress as Address;
    const [fees, held] = await Promise.all([client.estimateFeesPerGas(), client.getBalance({ address: wallet })]);
    const needed = gasBudget(count, fees.maxFeePerGas);
    if (held >= needed) return null;
    const treasury = this.keys.treasury;
    if (!treasury) throw new SplitFailure(M.noGas);
    return this.db.asSystem((manager) => this.transfers.plan(manager, {
      userId: split.userId, chainId: baseSepolia.id, token: null, from: treasury.address, to: wallet,
      amount: needed * GAS_HEADROOM - held, purpose: 'gas', purposeId, position,
    }));
  }
}
