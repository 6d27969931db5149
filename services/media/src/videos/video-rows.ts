import { Injectable } from '@nestjs/common';
import type { VideoStatus } from '@platform/contracts';
import { Db } from '@platform/database';
import { VideoEntity } from './video.entity.js';

/** The worker's reads and writes of a video's row (system scope: a job has no caller). */
@Injectable()
export class VideoRows {
  constructor(private readonly db: Db) {}

  find(id: string): Promise<VideoEntity | null> {
    return this.db.asSystem((manager) => manager.findOneBy(VideoEntity, { id }));
  }

  async update(id: string, changes: Partial<Pick<VideoEntity, 'status' | 'uploadId' | 'assetId'>>): Promise<void> {
    await this.db.asSystem((manager) => manager.update(VideoEntity, { id }, changes));
  }

  async ready(id: string, url: string): Promise<void> {
    await this.finish(id, 'ready', { url });
  }

  /** Failed for good: what the caller is answered, with the status to answer it with. */
  async failed(id: string, errorStatus: number, error: string): Promise<void> {
    await this.finish(id, 'failed', { error, errorStatus });
  }

  private async finish(id: string, status: VideoStatus, changes: Partial<VideoEntity>): Promise<void> {
    await this.db.asSystem((manager) => manager.update(VideoEntity, { id }, { ...changes, status, finishedAt: new Date() }));
  }
}
