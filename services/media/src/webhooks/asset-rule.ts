import { ARCHIVE_MIN_DURATION_SEC, ARCHIVE_MIN_HEIGHT } from '@platform/contracts';

export type AssetFate = 'archive' | 'delete';

/** What the provider says of a ready asset that the rule reads. */
export interface ReadyAsset {
  duration?: number;
  resolution_tier?: string;
  tracks?: Array<{ type?: string; max_width?: number; max_height?: number; duration?: number }>;
}

/**
 * An asset's resolution as "1080p" means it: the video's shorter side (a portrait 1080x1920 is
 * 1080p too), from its video track; the provider's tier when it lists no track.
 */
export function recordedHeight(asset: ReadyAsset): number {
  const video = asset.tracks?.find((track) => track.type === 'video');
  if (video?.max_width && video.max_height) return Math.min(video.max_width, video.max_height);
  return Number.parseInt(asset.resolution_tier ?? '', 10) || 0;
}

export function recordedDuration(asset: ReadyAsset): number {
  return asset.duration ?? asset.tracks?.find((track) => track.type === 'video')?.duration ?? 0;
}

/** Extended-services 3: archived when HD (1080p or higher) and longer than 15 minutes, otherwise deleted. */
export function assetFate(height: number, durationSec: number): AssetFate {
  return height >= ARCHIVE_MIN_HEIGHT && durationSec > ARCHIVE_MIN_DURATION_SEC ? 'archive' : 'delete';
}
