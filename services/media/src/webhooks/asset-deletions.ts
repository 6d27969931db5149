import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { Db } from '@platform/database';
import { QueueFactory } from '@platform/queue';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';
import { StreamingProvider } from '../provider/streaming-provider.js';
import { AssetEntity } from './asset.entity.js';

/**
 * Deletion of the assets the rule does not archive, on `media.asset_deletion`: each held back
 * MEDIA_ASSET_DELETION_DELAY_MS, then tried MEDIA_ASSET_DELETION_ATTEMPTS times with exponential
 * backoff. One job per asset (its id is the job's), so a repeated queueing queues nothing.
 */
@Injectable()
export class AssetDeletions implements OnApplicationBootstrap {
  private readonly logger = new Logger(AssetDeletions.name);

  constructor(
    private readonly queues: QueueFactory,
    private readonly provider: StreamingProvider,
    private readonly db: Db,
    @Inject(MEDIA_ENV) private readonly env: MediaEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (hasRole(this.env, 'worker')) this.queues.work(QUEUES.mediaAssetDeletion, ({ assetId }) => this.delete(assetId));
  }

  queue(assetId: string): Promise<void> {
    return this.queues.add(QUEUES.mediaAssetDeletion, { assetId }, `asset-deletion-${assetId}`, {
      delay: this.env.MEDIA_ASSET_DELETION_DELAY_MS,
      attempts: this.env.MEDIA_ASSET_DELETION_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.env.MEDIA_ASSET_DELETION_BACKOFF_MS },
    });
  }

  async delete(assetId: string): Promise<void> {
    await this.provider.deleteAsset(assetId);
    await this.db.asSystem((manager) => manager.update(AssetEntity, { id: assetId }, { outcome: 'deleted', deletedAt: new Date() }));
    this.logger.log({ msg: 'Asset deleted', assetId });
  }
}
