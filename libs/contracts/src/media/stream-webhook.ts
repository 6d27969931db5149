/** The streaming provider's webhook signature header (extended-services 5): `t=<timestamp>,v1=<hex>`. */
export const STREAM_SIGNATURE_HEADER = 'stream-signature';

/** The provider's events the platform acts on (extended-services 6). */
export const STREAM_EVENT_TYPES = {
  liveStreamActive: 'video.live_stream.active',
  liveStreamIdle: 'video.live_stream.idle',
  assetReady: 'video.asset.ready',
} as const;

/** A generated video's asset names its job in `passthrough` (docs/media.md), so the recording rule leaves it alone. */
export const GENERATED_VIDEO_PASSTHROUGH_PREFIX = 'video:';

/** The provider's ids (assets, live streams, uploads): letters, digits, `-` and `_`; anything else is no id of theirs. */
export const PROVIDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;
