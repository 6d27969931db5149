/** The stream gate (extended-services 8): whole tokens of the gate token on the base network. */
export const STREAM_GATE_MIN_TOKENS = '1250000';

/** Video generation (extended-services 8): how long POST /api/generate-video waits before answering a job id instead. */
export const VIDEO_WAIT_MS = 300_000;

/** Webhook timestamps (extended-services 8) and stream-creation signatures may be this old. */
export const MEDIA_SIGNATURE_TOLERANCE_SEC = 300;

/** What a recording must be to be archived rather than deleted (extended-services 3, asset). */
export const ARCHIVE_MIN_HEIGHT = 1080;
export const ARCHIVE_MIN_DURATION_SEC = 15 * 60;

/** Text and list bounds of the video types (ours: docs/spec-decisions.md). */
export const VIDEO_TEXT_LIMITS = {
  name: 80,
  description: 500,
  caption: 300,
  topic: 120,
  feature: 120,
  step: 200,
  features: 8,
  steps: 12,
} as const;

/** The image a screenshot video shows: PNG, JPEG or WebP, at most this big. */
export const VIDEO_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
