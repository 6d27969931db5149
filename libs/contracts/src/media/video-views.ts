import type { VideoType } from './video.dtos.js';

/** queued → rendering → uploading → ready, or failed at any step. */
export type VideoStatus = 'queued' | 'rendering' | 'uploading' | 'ready' | 'failed';

/** POST /api/generate-video (4.6), the video ready within the wait. */
export interface VideoUrlView {
  url: string;
}

/** Ours: POST /api/generate-video past the 5-minute wait (202), and GET /api/generate-video/:jobId. */
export interface VideoJobView {
  jobId: string;
  type: VideoType;
  status: VideoStatus;
  /** The uploaded video, once ready. */
  url: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}
