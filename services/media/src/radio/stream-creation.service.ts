import { Injectable, Logger } from '@nestjs/common';
import { ApiError, MEDIA_MESSAGES as M, type CreatedStreamView, type CreateStreamDto } from '@platform/contracts';
import { Db } from '@platform/database';
import type { Address } from 'viem';
import { StreamingProvider } from '../provider/streaming-provider.js';
import { GateToken } from './gate-token.js';
import { StreamEntity } from './stream.entity.js';
import { StreamKeys } from './stream-keys.js';
import { createdStreamView, DEFAULT_DJ_NAME } from './stream-views.js';
import { WalletProofs } from './wallet-proofs.js';

/**
 * POST /api/radio/streams (4.6): a proven wallet past the gate gets a live stream at the provider,
 * stored `created` with its key sealed. The signed message is claimed by the row's insert, in the
 * transaction that creates the provider's stream: a replay waits for the first and is refused, and a
 * provider failure releases the claim.
 */
@Injectable()
export class StreamCreation {
  private readonly logger = new Logger(StreamCreation.name);

  constructor(
    private readonly db: Db,
    private readonly proofs: WalletProofs,
    private readonly gate: GateToken,
    private readonly provider: StreamingProvider,
    private readonly keys: StreamKeys,
  ) {}

  async create(dto: CreateStreamDto, requestId: string): Promise<CreatedStreamView> {
    this.provider.assertConfigured();
    const { wallet, digest } = await this.proofs.verify(dto, requestId);
    await this.gate.admit(wallet as Address, requestId);
    return this.db.withUser(wallet, async (manager) => {
      const claimed = await manager.createQueryBuilder().insert().into(StreamEntity)
        .values({ wallet, name: dto.name?.trim() || DEFAULT_DJ_NAME, proofDigest: digest, status: 'created' })
        .orIgnore().returning(['id']).updateEntity(false).execute();
      const row = claimed.raw[0] as { id: string } | undefined;
      if (!row) throw new ApiError(403, M.walletSignatureUsed);
      const live = await this.providerCall(() => this.provider.createLiveStream(row.id), requestId);
      const stream = await manager.findOneByOrFail(StreamEntity, { id: row.id });
      Object.assign(stream, { providerStreamId: live.providerStreamId, playbackId: live.playbackId, streamKeySealed: await this.keys.seal(stream.id, live.streamKey) });
      await manager.save(stream);
      this.logger.log({ msg: 'Stream created', streamId: stream.id, wallet, requestId });
      return createdStreamView(stream, live.streamKey, this.provider);
    });
  }

  /** The provider's failure is a 500 with the spec's words; its details go to the log, never its answer. */
  private async providerCall<T>(call: () => Promise<T>, requestId: string): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      this.logger.error({ requestId, err: error }, 'Streaming provider call failed');
      throw new ApiError(500, M.providerFailed);
    }
  }
}
