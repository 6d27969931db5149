import { Injectable } from '@nestjs/common';
import { STREAM_EVENT_TYPES } from '@platform/contracts';
import { Clock } from '../clock.service.js';
import type { MuxAsset } from './mux.models.js';
import { StreamingError } from './streaming-error.js';
import { StreamingEvents, type StreamingDelivery } from './streaming-events.service.js';
import { streamingId } from './streaming-ids.js';
import { StreamingStore } from './streaming-store.service.js';

/** What an asset is made from: a recording (hook) or an uploaded file (probed). */
export interface AssetSource {
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  liveStreamId?: string;
  passthrough?: string;
  uploadId?: string;
  /** An uploaded file, played back at /mux/stream/<playbackId>/highest.mp4. */
  file?: Buffer;
}

function tierOf(height: number): MuxAsset['resolution_tier'] {
  if (height >= 2160) return '2160p';
  if (height >= 1440) return '1440p';
  return height >= 1080 ? '1080p' : '720p';
}

function storedResolutionOf(height: number): MuxAsset['max_stored_resolution'] {
  if (height >= 2160) return 'UHD';
  if (height >= 1080) return 'FHD';
  return height >= 720 ? 'HD' : 'SD';
}

function aspectRatio(width: number, height: number): string {
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const divisor = gcd(width, height) || 1;
  return `${width / divisor}:${height / divisor}`;
}

/** Assets (`/video/v1/assets`): ready as soon as they exist, each announced with `video.asset.ready`. */
@Injectable()
export class Assets {
  constructor(private readonly store: StreamingStore, private readonly events: StreamingEvents, private readonly clock: Clock) {}

  /** A ready asset, and its `video.asset.ready` on its way. */
  ready(source: AssetSource): { asset: MuxAsset } & StreamingDelivery {
    const stream = source.liveStreamId === undefined ? undefined : this.store.liveStreams.get(source.liveStreamId);
    if (source.liveStreamId !== undefined && !stream) throw new StreamingError(404, 'Live stream not found');
    const { width, height, duration } = source;
    const playbackId = streamingId();
    const asset: MuxAsset = {
      id: streamingId(),
      status: 'ready',
      created_at: String(Math.floor(this.clock.now() / 1000)),
      duration,
      aspect_ratio: aspectRatio(width, height),
      resolution_tier: tierOf(Math.min(width, height)),
      max_resolution_tier: '1080p',
      max_stored_resolution: storedResolutionOf(Math.min(width, height)),
      encoding_tier: 'smart',
      master_access: 'none',
      ingest_type: source.file ? 'on_demand_direct_upload' : 'live_rtmp',
      playback_ids: [{ id: playbackId, policy: 'public' }],
      tracks: [
        { id: streamingId(), type: 'video', duration, max_width: width, max_height: height, max_frame_rate: 30 },
        { id: streamingId(), type: 'audio', duration, max_channels: 2 },
      ],
      ...(source.passthrough === undefined ? {} : { passthrough: source.passthrough }),
      ...(stream ? { live_stream_id: stream.id, is_live: false } : {}),
      ...(source.uploadId === undefined ? {} : { upload_id: source.uploadId }),
      ...(source.file
        ? { static_renditions: { status: 'ready', files: [{ id: streamingId(), name: 'highest.mp4', ext: 'mp4', resolution: 'highest', status: 'ready', width, height, filesize: String(source.file.length) }] } }
        : {}),
      progress: { state: 'completed', progress: 100 },
      test: false,
    };
    this.store.assets.set(asset.id, asset);
    this.store.playback.set(playbackId, asset.id);
    if (source.file) this.store.files.set(asset.id, source.file);
    stream?.recent_asset_ids.push(asset.id);
    return { asset, ...this.events.emit(STREAM_EVENT_TYPES.assetReady, asset, 'asset') };
  }

  get(id: string): MuxAsset {
    const asset = this.store.assets.get(id);
    if (!asset || this.store.deleted.get(id)) throw new StreamingError(404, 'Asset not found');
    return asset;
  }

  list(): MuxAsset[] {
    return this.store.assets.newestFirst().filter((asset) => !this.store.deleted.get(asset.id));
  }

  /** Refused with a 500 while PUT /mux/controls asks for failures; the file goes with the asset. */
  delete(id: string): void {
    this.store.deleteCalls.set(id, (this.store.deleteCalls.get(id) ?? 0) + 1);
    this.get(id);
    if (this.store.failAssetDeletes > 0) {
      this.store.failAssetDeletes -= 1;
      throw new StreamingError(500, 'Internal error');
    }
    this.store.deleted.set(id, { id, deletedAt: new Date(this.clock.now()).toISOString() });
    this.store.files.delete(id);
  }

  /** The file a playback id plays: an uploaded asset's, while the asset is there. */
  file(playbackId: string): Buffer {
    const assetId = this.store.playback.get(playbackId);
    const file = assetId === undefined || this.store.deleted.get(assetId) ? undefined : this.store.files.get(assetId);
    if (!file) throw new StreamingError(404, 'No such video');
    return file;
  }

  /** What the hooks show of an asset, deleted or not. */
  view(id: string) {
    const asset = this.store.assets.get(id);
    if (!asset) throw new StreamingError(404, `no asset ${id}`);
    const deleted = this.store.deleted.get(id);
    return { ...asset, deleted: Boolean(deleted), deletedAt: deleted?.deletedAt ?? null, deleteCalls: this.store.deleteCalls.get(id) ?? 0 };
  }
}
