import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { MEDIA_MESSAGES as M, QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { UnrecoverableError } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';
import { StreamingProvider } from '../provider/streaming-provider.js';
import { ImageFetcher } from './image-fetcher.js';
import { VideoInputError } from './video-input-error.js';
import type { VideoEntity } from './video.entity.js';
import { VideoRenderer } from './video-renderer.js';
import { VideoRows } from './video-rows.js';
import { VideoUploads } from './video-uploads.js';

/**
 * Works `media.render`: fetch the image (screenshot), render with ffmpeg, upload as an asset, wait
 * until it plays, record its URL. The caller's mistakes fail the video at once (400); anything else
 * is retried by BullMQ, and fails it (500) once the attempts are spent.
 */
@Injectable()
export class RenderWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(RenderWorker.name);

  constructor(
    private readonly queues: QueueFactory,
    private readonly rows: VideoRows,
    private readonly images: ImageFetcher,
    private readonly renderer: VideoRenderer,
    private readonly uploads: VideoUploads,
    private readonly provider: StreamingProvider,
    @Inject(MEDIA_ENV) private readonly env: MediaEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.queues.work(QUEUES.mediaRender, ({ videoId }) => this.render(videoId), {
      concurrency: this.env.MEDIA_RENDER_CONCURRENCY,
      // A render takes seconds to minutes: a live worker must keep its lock, a dead one's job return soon.
      locks: { lockDuration: 60_000 },
      onGivenUp: (job, reason) => void this.giveUp(job.data.videoId as string, reason),
    });
  }

  async render(videoId: string): Promise<void> {
    const video = await this.rows.find(videoId);
    // Not committed yet (the request's insert races its job), or already finished by an earlier attempt.
    if (!video) throw new Error(`video ${videoId} not found`);
    if (video.status === 'ready' || video.status === 'failed') return;
    const started = Date.now();
    const assetId = video.assetId ?? await this.renderAndUpload(video);
    const playbackId = await this.uploads.playable(assetId);
    await this.rows.ready(videoId, this.provider.mp4Url(playbackId));
    this.logger.log({ msg: 'Video ready', videoId, type: video.type, ms: Date.now() - started });
  }

  private async renderAndUpload(video: VideoEntity): Promise<string> {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'media-render-'));
    try {
      await this.rows.update(video.id, { status: 'rendering' });
      const image = video.input.type === 'screenshot' ? await this.fetchImage(video) : null;
      const file = await this.renderer.render(video.input, image, directory);
      await this.rows.update(video.id, { status: 'uploading' });
      return await this.uploads.upload(video, file);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  private async fetchImage(video: VideoEntity) {
    try {
      return await this.images.fetch(video.input.imageUrl!);
    } catch (error) {
      if (!(error instanceof VideoInputError)) throw error;
      await this.rows.failed(video.id, 400, error.message);
      throw new UnrecoverableError(error.message);
    }
  }

  /** A video whose input was refused is failed already (400); any other is failed here, once its attempts are spent. */
  private async giveUp(videoId: string, reason: string): Promise<void> {
    this.logger.error({ msg: 'Video generation failed', videoId, reason });
    try {
      const video = await this.rows.find(videoId);
      if (video && video.status !== 'failed') await this.rows.failed(videoId, 500, M.videoFailed);
    } catch (error) {
      this.logger.error({ msg: 'Could not mark the video failed', videoId, err: error });
    }
  }
}
