import type { VideoJobView } from '@platform/contracts';
import type { VideoEntity } from './video.entity.js';

export function videoJobView(video: VideoEntity): VideoJobView {
  return {
    jobId: video.id,
    type: video.type,
    status: video.status,
    url: video.url,
    error: video.error,
    createdAt: video.createdAt.toISOString(),
    finishedAt: video.finishedAt?.toISOString() ?? null,
  };
}
