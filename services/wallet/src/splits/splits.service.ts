import { Injectable } from '@nestjs/common';
import { WALLET_USDC } from '@platform/chain';
import {
  ApiError, SPLIT_MESSAGES as M, type CreateSplitDto, type SplitQueuedReply, type SplitRecipientStatus, type SplitView,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { getAddress, parseUnits } from 'viem';
import { AgentWalletsService } from '../agent-wallets/agent-wallets.service.js';
import { usdcText } from '../chain/usdc-balances.js';
import { ChainTransfers } from '../transfers/chain-transfers.js';
import type { TransferEntity, TransferStatus } from '../transfers/transfer.entity.js';
import { SPLIT_PURPOSE } from './split-payout.js';
import { splitRecipients } from './split-recipients.js';
import { SplitEntity } from './split.entity.js';
import { SplitsWorker } from './splits.worker.js';

const RECIPIENT_STATUS: Record<TransferStatus, SplitRecipientStatus> = { planned: 'pending', signed: 'sent', confirmed: 'confirmed', failed: 'failed' };

/** Royalty splits (extended-services 2): stored and queued here, paid out by the `wallet.splits` worker. */
@Injectable()
export class SplitsService {
  constructor(
    private readonly db: Db,
    private readonly agentWallets: AgentWalletsService,
    private readonly transfers: ChainTransfers,
    private readonly worker: SplitsWorker,
  ) {}

  /**
   * The job is queued inside the transaction that stores the split: a split Redis would not take
   * is not stored either (503), so none waits forever for a job that was never queued.
   */
  async create(request: CreateSplitDto): Promise<SplitQueuedReply> {
    const total = parseUnits(request.totalAmount, WALLET_USDC.decimals);
    if (total === 0n) throw new ApiError(400, M.totalAmountInvalid);
    const recipients = splitRecipients(request.fromAddress, request.recipients, total);
    const wallet = await this.agentWallets.held(request.userId, request.fromAddress);
    if (wallet?.agentId !== request.agentId) throw new ApiError(400, M.notAgentWallet);
    const split = await this.db.withUser(request.userId, async (manager) => {
      const stored = await manager.save(manager.create(SplitEntity, {
        userId: request.userId, agentId: request.agentId, fromAddress: getAddress(request.fromAddress),
        name: request.name.trim(), totalAmount: total, recipients, status: 'queued', reason: null,
      }));
      await this.worker.enqueue(stored.id);
      return stored;
    });
    return { success: true, splitId: split.id, status: 'queued' };
  }

  async get(splitId: number): Promise<SplitView> {
    const split = await this.db.asSystem((manager) => manager.findOneBy(SplitEntity, { id: splitId }));
    if (!split) throw new ApiError(404, M.splitNotFound);
    const payments = await this.transfers.ofPurpose(SPLIT_PURPOSE, String(split.id));
    return {
      splitId: split.id, userId: split.userId, agentId: split.agentId, fromAddress: split.fromAddress, name: split.name,
      totalAmount: usdcText(split.totalAmount), status: split.status, reason: split.reason,
      recipients: split.recipients.map((recipient, position) => recipientView(recipient, payments.find((payment) => payment.position === position))),
      createdAt: split.createdAt.toISOString(), updatedAt: split.updatedAt.toISOString(),
    };
  }
}

function recipientView(recipient: SplitEntity['recipients'][number], payment: TransferEntity | undefined) {
  return {
    address: recipient.address, share: recipient.share, amount: usdcText(BigInt(recipient.amount)),
    status: payment ? RECIPIENT_STATUS[payment.status] : 'pending' as const, txHash: payment?.txHash ?? null,
  };
}
