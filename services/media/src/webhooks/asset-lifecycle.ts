import { Injectable, Logger } from '@nestjs/common';
import { GENERATED_VIDEO_PASSTHROUGH_PREFIX, PROVIDER_ID_PATTERN } from '@platform/contracts';
import { isUUID } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { StreamEntity } from '../radio/stream.entity.js';
import { AssetDeletions } from './asset-deletions.js';
import { AssetEntity } from './asset.entity.js';
import { assetFate, recordedDuration, recordedHeight, type ReadyAsset } from './asset-rule.js';
import type { EventOutcome } from './event-outcome.js';

type ProviderAsset = ReadyAsset & { id?: unknown; live_stream_id?: unknown; passthrough?: unknown };

/** The generated video an asset is, by the passthrough its upload was given; null for any other asset. */
function generatedVideoId(passthrough: unknown): string | null {
  if (typeof passthrough !== 'string' || !passthrough.startsWith(GENERATED_VIDEO_PASSTHROUGH_PREFIX)) return null;
  const id = passthrough.slice(GENERATED_VIDEO_PASSTHROUGH_PREFIX.length);
  return isUUID(id) ? id : null;
}

/**
 * `video.asset.ready` (extended-services 3 and 6): a recording of 1080p or more and longer than 15
 * minutes is archived, any other is queued for deletion. Generated videos are kept: they are the URL
 * POST /api/generate-video answered (docs/spec-decisions.md). One row per asset: a second ready
 * event for it changes nothing.
 */
@Injectable()
export class AssetLifecycle {
  private readonly logger = new Logger(AssetLifecycle.name);

  constructor(private readonly deletions: AssetDeletions) {}

  async ready(manager: EntityManager, asset: ProviderAsset): Promise<EventOutcome> {
    if (typeof asset.id !== 'string' || !PROVIDER_ID_PATTERN.test(asset.id)) return { outcome: 'ignored', wallet: null };
    const liveStreamId = typeof asset.live_stream_id === 'string' ? asset.live_stream_id : null;
    const stream = liveStreamId ? await manager.findOneBy(StreamEntity, { providerStreamId: liveStreamId }) : null;
    const videoId = generatedVideoId(asset.passthrough);
    const height = recordedHeight(asset);
    const durationSec = recordedDuration(asset);
    const fate = videoId ? 'kept' : assetFate(height, durationSec) === 'archive' ? 'archived' : 'deleting';
    const stored = await manager.createQueryBuilder().insert().into(AssetEntity)
      .values({ id: asset.id, wallet: stream?.wallet ?? null, liveStreamId, videoId, height, durationSec, outcome: fate })
      .orIgnore().returning(['id']).updateEntity(false).execute();
    const wallet = stream?.wallet ?? null;
    if (!stored.raw.length) return { outcome: 'ignored', wallet };
    // Queued inside the transaction: Redis refusing it undoes the event's row, and the provider's retry queues it again.
    if (fate === 'deleting') await this.deletions.queue(asset.id);
    this.logger.log({ msg: `Asset ${fate}`, assetId: asset.id, height, durationSec, liveStreamId });
    return { outcome: fate === 'deleting' ? 'deletion_queued' : fate, wallet };
  }
}
