import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChainClients, type ChainId } from '@platform/chain';
import { Db } from '@platform/database';
import { In, type EntityManager } from 'typeorm';
import { getAddress, keccak256, TransactionReceiptNotFoundError, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import { WalletKeys } from '../keys/wallet-keys.js';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';
import type { PlannedTransfer } from './planned-transfer.js';
import { transferCall } from './transfer-call.js';
import { TransferEntity, type TransferPurpose } from './transfer.entity.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed transfer: its raw transaction is read only here, to send it. */
type Signed = TransferEntity & { nonce: number; txHash: Hex; rawTx: Hex };

/** The transfer is on its way but not mined yet (node away, gas short, slow block): execute it again later. */
export class TransferPendingError extends Error {}

/**
 * Token transfers made exactly once, whatever dies when. A transfer is recorded first (`plan`,
 * in the caller's transaction); `execute` then signs it with the next nonce of its sender and
 * stores nonce, raw transaction and hash BEFORE anything is sent. Executing it again, after a
 * crash anywhere or from a second worker, finds that transaction and sends the very same bytes or
 * waits for their receipt: one nonce can be mined once, so a recipient is never paid twice, and
 * a stored transaction is always sent again until mined, so none is skipped (docs/wallet.md).
 */
@Injectable()
export class ChainTransfers {
  private readonly logger = new Logger(ChainTransfers.name);

  constructor(
    private readonly db: Db,
    private readonly keys: WalletKeys,
    private readonly chains: ChainClients,
    @Inject(WALLET_ENV) private readonly env: WalletEnv,
  ) {}

  /** Records a transfer in the caller's transaction; planning the same one again returns the row already there. */
  async plan(manager: EntityManager, transfer: PlannedTransfer): Promise<TransferEntity> {
    const key = { purpose: transfer.purpose, purposeId: transfer.purposeId, position: transfer.position ?? 0 };
    await manager.createQueryBuilder().insert().into(TransferEntity).values({
      ...key,
      userId: transfer.userId,
      chainId: transfer.chainId,
      token: transfer.token && getAddress(transfer.token),
      fromAddress: getAddress(transfer.from),
      toAddress: getAddress(transfer.to),
      amount: transfer.amount,
      status: 'planned',
    }).orIgnore().updateEntity(false).execute();
    return manager.findOneByOrFail(TransferEntity, key);
  }

  /**
   * Gives up, in the caller's transaction, the transfers of a purpose not signed yet: they are never
   * sent. One being signed holds its row's lock, so it is either signed first and left to finish or
   * found failed by the signer.
   */
  async cancelPlanned(manager: EntityManager, purpose: TransferPurpose, purposeId: string, error: string): Promise<void> {
    await manager.createQueryBuilder().update(TransferEntity).set({ status: 'failed', error })
      .where('purpose = :purpose AND purpose_id = :purposeId AND status = :planned', { purpose, purposeId, planned: 'planned' }).execute();
  }

  /** The transfers recorded under a purpose, in position order. */
  ofPurpose(purpose: TransferPurpose, purposeId: string): Promise<TransferEntity[]> {
    return this.db.asSystem((manager) => manager.find(TransferEntity, { where: { purpose, purposeId }, order: { position: 'ASC' } }));
  }

  /** The transfers of several purposes and purposeIds in one query (a page of escrows), in position order. */
  ofPurposes(purposes: readonly TransferPurpose[], purposeIds: readonly string[]): Promise<TransferEntity[]> {
    return this.db.asSystem((manager) => manager.find(TransferEntity, {
      where: { purpose: In([...purposes]), purposeId: In([...purposeIds]) }, order: { position: 'ASC' },
    }));
  }

  get(id: string): Promise<TransferEntity> {
    return this.db.asSystem((manager) => manager.findOneByOrFail(TransferEntity, { id }));
  }

  /**
   * Puts the transfer on chain and answers it confirmed or failed (reverted, or its nonce taken by
   * another transaction). Throws TransferPendingError, or the node's error, while that is not known yet.
   */
  async execute(id: string): Promise<TransferEntity> {
    const transfer = await this.sign(id);
    return transfer.status === 'signed' ? this.settle(transfer as Signed) : transfer;
  }

  /** Transfers neither confirmed nor failed, oldest first: what a sweep executes again. */
  unfinished(olderThanMs: number, limit: number): Promise<TransferEntity[]> {
    return this.db.asSystem((manager) => manager.createQueryBuilder(TransferEntity, 'transfer')
      .where('transfer.status IN (:...open)', { open: ['planned', 'signed'] })
      .andWhere(`transfer.updated_at < now() - make_interval(secs => :seconds)`, { seconds: olderThanMs / 1000 })
      .orderBy('transfer.created_at').limit(limit).getMany());
  }

  /**
   * Signs a planned transfer under a lock on its sender, so two transfers from one wallet never
   * take the same nonce; anything past `planned` is returned as it is.
   */
  private sign(id: string): Promise<TransferEntity> {
    return this.db.asSystem(async (manager) => {
      const transfer = await manager.createQueryBuilder(TransferEntity, 'transfer').addSelect('transfer.rawTx')
        .where('transfer.id = :id', { id }).setLock('pessimistic_write').getOneOrFail();
      if (transfer.status !== 'planned') return transfer;
      const account = await this.keys.signer(transfer.fromAddress);
      if (!account) return this.finish(manager, transfer, 'failed', 'The platform does not hold the sending wallet');
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`wallet.nonce:${transfer.chainId}:${transfer.fromAddress}`]);
      const client = this.client(transfer.chainId);
      const nonce = await this.nextNonce(manager, client, transfer);
      const fees = await client.estimateFeesPerGas();
      const call = transferCall(transfer.token as Hex | null, transfer.toAddress as Hex, transfer.amount);
      const rawTx = await account.signTransaction({
        chainId: transfer.chainId, type: 'eip1559', nonce, ...call,
        maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const signed = { status: 'signed' as const, nonce, rawTx, txHash: keccak256(rawTx) };
      await manager.update(TransferEntity, { id }, signed);
      return Object.assign(transfer, signed);
    });
  }

  /**
   * The sender's next nonce: past what the node has seen, and past what this service signed and
   * may not have sent yet (a worker that died between storing and sending).
   */
  private async nextNonce(manager: EntityManager, client: PublicClient, transfer: TransferEntity): Promise<number> {
    const [onChain, [stored]] = await Promise.all([
      client.getTransactionCount({ address: transfer.fromAddress as Hex, blockTag: 'pending' }),
      manager.query(
        `SELECT max(nonce) AS nonce FROM wallet.transfers WHERE chain_id = $1 AND from_address = $2 AND status IN ('signed', 'confirmed')`,
        [transfer.chainId, transfer.fromAddress],
      ) as Promise<Array<{ nonce: number | null }>>,
    ]);
    return Math.max(onChain, stored?.nonce === null || stored?.nonce === undefined ? 0 : stored.nonce + 1);
  }

  /** Sends the stored transaction (and any earlier one of its sender still waiting) until its receipt says how it went. */
  private async settle(transfer: Signed): Promise<TransferEntity> {
    const client = this.client(transfer.chainId);
    let receipt = await this.receipt(client, transfer.txHash);
    if (!receipt) {
      await this.sendWaiting(client, transfer);
      receipt = await this.waitForReceipt(client, transfer.txHash);
    }
    if (receipt) {
      const outcome = receipt.status === 'success' ? 'confirmed' : 'failed';
      return this.db.asSystem((manager) => this.finish(manager, transfer, outcome, outcome === 'failed' ? 'The transfer reverted on chain' : null));
    }
    const mined = await client.getTransactionCount({ address: transfer.fromAddress as Hex, blockTag: 'latest' });
    if (mined > transfer.nonce && !(await this.receipt(client, transfer.txHash))) {
      return this.db.asSystem((manager) => this.finish(manager, transfer, 'failed', `Nonce ${transfer.nonce} was used by another transaction`));
    }
    throw new TransferPendingError(`Transfer ${transfer.id} (${transfer.txHash}) is not mined yet`);
  }

  /**
   * The sender's signed transactions not mined yet up to this one, in nonce order: an earlier one
   * never sent would hold this one back forever. The node refusing one it already has is fine; any
   * refusal is logged and the receipt decides.
   */
  private async sendWaiting(client: PublicClient, transfer: Signed): Promise<void> {
    const mined = await client.getTransactionCount({ address: transfer.fromAddress as Hex, blockTag: 'latest' });
    const waiting = await this.db.asSystem((manager) => manager.createQueryBuilder(TransferEntity, 'transfer').addSelect('transfer.rawTx')
      .where('transfer.chain_id = :chainId AND transfer.from_address = :from AND transfer.status = :signed AND transfer.nonce BETWEEN :mined AND :nonce',
        { chainId: transfer.chainId, from: transfer.fromAddress, signed: 'signed', mined, nonce: transfer.nonce })
      .orderBy('transfer.nonce').getMany());
    for (const earlier of waiting) {
      await client.sendRawTransaction({ serializedTransaction: earlier.rawTx as Hex }).catch((error: unknown) => {
        this.logger.warn({ transferId: earlier.id, txHash: earlier.txHash, msg: `node refused the transaction: ${firstLine(error)}` });
      });
    }
  }

  private async waitForReceipt(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
    const deadline = Date.now() + this.env.WALLET_RECEIPT_TIMEOUT_MS;
    for (let pause = 50; Date.now() < deadline; pause = Math.min(pause * 2, 2000)) {
      const receipt = await this.receipt(client, hash);
      if (receipt) return receipt;
      await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
    }
    return null;
  }

  private receipt(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
    return client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    });
  }

  private async finish(manager: EntityManager, transfer: TransferEntity, status: 'confirmed' | 'failed', error: string | null): Promise<TransferEntity> {
    await manager.update(TransferEntity, { id: transfer.id }, { status, error });
    if (status === 'failed') this.logger.warn({ transferId: transfer.id, txHash: transfer.txHash, msg: `transfer failed: ${error}` });
    return Object.assign(transfer, { status, error });
  }

  private client(chainId: number): PublicClient {
    return this.chains.client(chainId as ChainId);
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
