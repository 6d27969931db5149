import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError, MEDIA_MESSAGES as M, QUEUES, type GenerateVideoDto, type Reply, type VideoJobView, type VideoStatus, type VideoUrlView,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { QueueFactory } from '@platform/queue';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';
import { StreamingProvider } from '../provider/streaming-provider.js';
import { VideoEntity } from './video.entity.js';
import { videoJobView } from './video-view.js';

const POLL_MS = 250;

/** The wait's poll, four times a second for up to 5 minutes: one round trip each (Db.readAs), the owner's RLS still applying. */
const VIDEO_STATUS = 'SELECT status FROM media.videos WHERE id = $1';

/**
 * POST /api/generate-video (4.6): the video is a `media.render` job, so no work is lost when the
 * request is; the answer waits up to MEDIA_VIDEO_WAIT_MS (5 minutes) for `{ url }`, and past that
 * answers 202 with the job, which GET /api/generate-video/:jobId shows (ours).
 */
@Injectable()
export class VideosService {
  constructor(
    private readonly db: Db,
    private readonly queues: QueueFactory,
    private readonly provider: StreamingProvider,
    @Inject(MEDIA_ENV) private readonly env: MediaEnv,
  ) {}

  async generate(userId: string, dto: GenerateVideoDto): Promise<Reply<VideoUrlView | VideoJobView>> {
    this.provider.assertConfigured();
    const id = randomUUID();
    await this.db.withUser(userId, (manager) => manager.insert(VideoEntity, { id, userId, type: dto.type, input: { ...dto }, status: 'queued' }));
    try {
      await this.queues.add(QUEUES.mediaRender, { videoId: id }, id);
    } catch (error) {
      await this.db.withUser(userId, (manager) => manager.update(VideoEntity, { id }, { status: 'failed', error: M.videoFailed, errorStatus: 500, finishedAt: new Date() }));
      throw error;
    }
    const video = await this.settled(userId, id, Date.now() + this.env.MEDIA_VIDEO_WAIT_MS);
    if (video.status === 'ready') return { status: 200, body: { url: video.url! } };
    if (video.status === 'failed') throw new ApiError(video.errorStatus ?? 500, video.error ?? M.videoFailed);
    return { status: 202, body: videoJobView(video) };
  }

  async job(userId: string, jobId: string): Promise<VideoJobView> {
    const video = await this.db.withUser(userId, (manager) => manager.findOneBy(VideoEntity, { id: jobId }));
    if (!video) throw new ApiError(404, M.videoNotFound);
    return videoJobView(video);
  }

  /** The video once ready or failed, or as it is at the deadline; the whole row is read once, at the end. */
  private async settled(userId: string, id: string, deadline: number): Promise<VideoEntity> {
    for (;;) {
      const [video] = await this.db.readAs<{ status: VideoStatus }>(userId, VIDEO_STATUS, [id]);
      // The row is this request's own insert: should the poll not see it, the load below throws for it.
      if (!video || video.status === 'ready' || video.status === 'failed' || Date.now() >= deadline) break;
      await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
    }
    return this.db.withUser(userId, (manager) => manager.findOneByOrFail(VideoEntity, { id }));
  }
}
