import { Inject, Injectable } from '@nestjs/common';
import { GENERATED_VIDEO_PASSTHROUGH_PREFIX } from '@platform/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';
import { StreamingProvider } from '../provider/streaming-provider.js';
import type { VideoEntity } from './video.entity.js';
import { VideoRows } from './video-rows.js';

const POLL_MS = 500;

/**
 * A rendered video to the provider as an asset (a direct upload, as its SDK offers for a file one
 * holds), then the wait until the asset and its MP4 are ready, so the URL answered plays at once.
 * The upload and the asset are recorded as they come: a retried job goes on from the asset.
 */
@Injectable()
export class VideoUploads {
  constructor(private readonly provider: StreamingProvider, private readonly rows: VideoRows, @Inject(MEDIA_ENV) private readonly env: MediaEnv) {}

  /** The asset of a new upload of `file`. */
  async upload(video: VideoEntity, file: string): Promise<string> {
    const deadline = Date.now() + this.env.MEDIA_UPLOAD_TIMEOUT_MS;
    const { uploadId, url } = await this.provider.createUpload(`${GENERATED_VIDEO_PASSTHROUGH_PREFIX}${video.id}`);
    await this.rows.update(video.id, { uploadId });
    await this.provider.putFile(url, await readFile(file));
    for (;;) {
      const upload = await this.provider.upload(uploadId);
      if (upload.asset_id) {
        await this.rows.update(video.id, { assetId: upload.asset_id });
        return upload.asset_id;
      }
      if (upload.status !== 'waiting') throw new Error(`The provider's upload ended ${upload.status}`);
      await this.waitOrFail(deadline, 'upload');
    }
  }

  /** The asset's playback id once it and its MP4 rendition are ready. */
  async playable(assetId: string): Promise<string> {
    const deadline = Date.now() + this.env.MEDIA_UPLOAD_TIMEOUT_MS;
    for (;;) {
      const asset = await this.provider.asset(assetId);
      if (asset.status === 'errored') throw new Error(`The provider could not process asset ${assetId}`);
      const mp4 = asset.static_renditions?.files?.find((file) => file.resolution === 'highest');
      const playbackId = asset.playback_ids?.find((id) => id.policy === 'public')?.id;
      if (asset.status === 'ready' && mp4?.status === 'ready' && playbackId) return playbackId;
      await this.waitOrFail(deadline, `asset ${assetId}`);
    }
  }

  private async waitOrFail(deadline: number, what: string): Promise<void> {
    if (Date.now() + POLL_MS > deadline) throw new Error(`The provider's ${what} was not ready within ${this.env.MEDIA_UPLOAD_TIMEOUT_MS} ms`);
    await sleep(POLL_MS);
  }
}
