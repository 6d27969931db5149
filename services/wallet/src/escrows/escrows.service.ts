import { Injectable, Logger } from '@nestjs/common';
import { WALLET_USDC } from '@platform/chain';
import {
  ApiError, ESCROW_MESSAGES as M, escrowShortReason, UnavailableError, type CreateEscrowDto, type EscrowListView, type EscrowView,
} from '@platform/contracts';
import { Db, isUniqueViolation } from '@platform/database';
import type { EntityManager } from 'typeorm';
import { getAddress, parseUnits, type Address } from 'viem';
import { baseSepolia } from 'viem/chains';
import { AgentWalletsService } from '../agent-wallets/agent-wallets.service.js';
import { usdcText } from '../chain/usdc-balances.js';
import { WalletKeys } from '../keys/wallet-keys.js';
import { ChainTransfers, TransferPendingError } from '../transfers/chain-transfers.js';
import { PayoutFailure } from '../transfers/payout-failure.js';
import { SpendableUsdc } from '../transfers/spendable-usdc.js';
import type { TransferEntity } from '../transfers/transfer.entity.js';
import { TransfersWorker } from '../transfers/transfers.worker.js';
import { WalletGas } from '../transfers/wallet-gas.js';
import { EscrowEntity } from './escrow.entity.js';
import { escrowStatus, escrowView } from './escrow-view.js';

const HOLD = 'escrow_hold';
const RELEASE = 'escrow_release';
const MOVES = [HOLD, RELEASE] as const;

/** An escrow's transfers, in position order: the hold (recorded with the escrow, so always there) and the releases asked for, oldest first. */
function movesOf(transfers: readonly TransferEntity[]): { hold: TransferEntity; releases: TransferEntity[] } {
  return { hold: transfers.find((transfer) => transfer.purpose === HOLD)!, releases: transfers.filter((transfer) => transfer.purpose === RELEASE) };
}

/**
 * Escrows (docs/wallet.md, Escrows): a booking's fee moves from the paying agent's wallet into a
 * wallet made for the booking, and later from there to the paid agent's wallet. Both moves are
 * ChainTransfers, recorded before they are signed and signed before they are sent, so a request or
 * worker that dies midway neither pays twice nor loses a payment: what it left is finished by the
 * transfers' sweep, and the escrow's state is always read off its transfers.
 */
@Injectable()
export class EscrowsService {
  private readonly logger = new Logger(EscrowsService.name);

  constructor(
    private readonly db: Db,
    private readonly keys: WalletKeys,
    private readonly agentWallets: AgentWalletsService,
    private readonly transfers: ChainTransfers,
    private readonly spendable: SpendableUsdc,
    private readonly gas: WalletGas,
    private readonly worker: TransfersWorker,
  ) {}

  /**
   * Records the escrow and its hold transfer under the payer's spending lock (the balance checked as
   * for a split), then puts the hold on chain and waits for it; one still on its way answers `funding`.
   */
  async create(dto: CreateEscrowDto): Promise<EscrowView> {
    const amount = parseUnits(dto.amount, WALLET_USDC.decimals);
    if (amount === 0n) throw new ApiError(400, M.amountInvalid);
    if (dto.payerAgentId === dto.payeeAgentId) throw new ApiError(400, M.samePayerAndPayee);
    const payer = await this.agentWallets.heldFor(dto.userId, dto.payerAgentId);
    if (!payer) throw new ApiError(404, M.payerWalletMissing);
    const payee = await this.agentWallets.ofAgent(dto.payeeAgentId);
    if (!payee) throw new ApiError(404, M.payeeWalletMissing);
    if (await this.find(dto.userId, dto.bookingId)) throw new ApiError(409, M.exists);
    // Before the gas, so a request refused for its balance has the treasury pay nothing; the check
    // under the lock below is the one that decides.
    await this.db.withUser(dto.userId, (manager) => this.requireSpendable(manager, payer.address, amount));
    await this.payable(() => this.gas.ensure({ userId: dto.userId, address: payer.address, purposeId: `escrow:${dto.bookingId}` }, 1));
    const recorded = await this.db.withUser(dto.userId, async (manager) => {
      await this.spendable.lock(manager, payer.address);
      await this.requireSpendable(manager, payer.address, amount);
      const wallet = await this.keys.create(manager, { userId: dto.userId, kind: 'escrow' });
      const escrow = manager.create(EscrowEntity, {
        bookingId: dto.bookingId, userId: dto.userId, payerAgentId: dto.payerAgentId, payerAddress: payer.address,
        escrowAddress: wallet.address, payeeAgentId: dto.payeeAgentId, payeeAddress: getAddress(payee.address), amount,
      });
      // The insert fills in createdAt from the database, so the answer needs no second read.
      await manager.insert(EscrowEntity, escrow).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new ApiError(409, M.exists) : error;
      });
      const hold = await this.transfers.plan(manager, {
        userId: dto.userId, chainId: baseSepolia.id, token: WALLET_USDC.address as Address, from: payer.address as Address,
        to: wallet.address as Address, amount, purpose: HOLD, purposeId: dto.bookingId,
      });
      return { escrow, hold };
    });
    return escrowView(recorded.escrow, await this.settle(recorded.hold), undefined);
  }

  /** Pays the held funds to the payee; asking again while a release is on its way, or after it, answers where it stands. */
  async release(userId: string, bookingId: string): Promise<EscrowView> {
    const escrow = await this.find(userId, bookingId);
    if (!escrow) throw new ApiError(404, M.notFound);
    const { hold, releases } = movesOf(await this.transfers.ofPurposes(MOVES, [bookingId]));
    const status = escrowStatus(hold, releases.at(-1));
    if (status === 'releasing' || status === 'released') return escrowView(escrow, hold, releases.at(-1));
    if (status !== 'held') throw new ApiError(409, M.notHeld);
    await this.payable(() => this.gas.ensure({ userId, address: escrow.escrowAddress, purposeId: `escrow-release:${bookingId}` }, 1));
    // Two releases asked at once plan the same position, so one transfer; after one failed on chain, the next position.
    const planned = await this.db.withUser(userId, (manager) => this.transfers.plan(manager, {
      userId, chainId: baseSepolia.id, token: WALLET_USDC.address as Address, from: escrow.escrowAddress as Address,
      to: escrow.payeeAddress as Address, amount: escrow.amount, purpose: RELEASE, purposeId: bookingId, position: releases.length,
    }));
    return escrowView(escrow, hold, await this.settle(planned));
  }

  async get(userId: string, bookingId: string): Promise<EscrowView> {
    const escrow = await this.find(userId, bookingId);
    if (!escrow) throw new ApiError(404, M.notFound);
    const { hold, releases } = movesOf(await this.transfers.ofPurposes(MOVES, [bookingId]));
    return escrowView(escrow, hold, releases.at(-1));
  }

  /** The escrows, then the transfers of all of them in one query: a page costs two reads, whatever its length. */
  async list(userId: string): Promise<EscrowListView> {
    const escrows = await this.db.withUser(userId, (manager) => manager.find(EscrowEntity, { order: { createdAt: 'DESC' }, take: 100 }));
    if (!escrows.length) return { escrows: [] };
    const transfers = await this.transfers.ofPurposes(MOVES, escrows.map((escrow) => escrow.bookingId));
    return {
      escrows: escrows.map((escrow) => {
        const { hold, releases } = movesOf(transfers.filter((transfer) => transfer.purposeId === escrow.bookingId));
        return escrowView(escrow, hold, releases.at(-1));
      }),
    };
  }

  private find(userId: string, bookingId: string): Promise<EscrowEntity | null> {
    return this.db.withUser(userId, (manager) => manager.findOneBy(EscrowEntity, { bookingId }));
  }

  private async requireSpendable(manager: EntityManager, payer: string, amount: bigint): Promise<void> {
    const available = await this.spendable.available(manager, payer);
    if (available < amount) throw new ApiError(409, escrowShortReason(usdcText(available), usdcText(amount)));
  }

  /**
   * Puts a recorded transfer on chain and answers it as it stands. One not mined in time, or a node
   * that does not answer, is queued on wallet.transfers, whose job retries it with backoff (the
   * sweep stays behind that, for a queue that cannot take it): the answer shows it on its way.
   */
  private async settle(transfer: TransferEntity): Promise<TransferEntity> {
    try {
      return await this.transfers.execute(transfer.id);
    } catch (error) {
      this.logger.warn({ transferId: transfer.id, msg: `escrow transfer queued to finish later: ${error instanceof Error ? error.message : String(error)}` });
      await this.worker.enqueue(transfer.id).catch((queueError: unknown) => {
        this.logger.warn({ transferId: transfer.id, msg: `escrow transfer left to the sweep, not queued: ${String(queueError)}` });
      });
      return this.transfers.get(transfer.id);
    }
  }

  /**
   * Gas the payer cannot be given is the platform's shortcoming, not the caller's: 503 with the
   * reason; gas not mined in time is 503 too, and asking again finds the gas transfer recorded.
   */
  private async payable(work: () => Promise<void>): Promise<void> {
    await work().catch((error: unknown) => {
      if (error instanceof PayoutFailure) throw new ApiError(503, error.message);
      throw error instanceof TransferPendingError ? new UnavailableError(M.gasPending) : error;
    });
  }
}
