import type { CreatedStreamView, LiveDjView, ObsSettings } from '@platform/contracts';
import type { StreamingProvider } from '../provider/streaming-provider.js';
import type { StreamEntity } from './stream.entity.js';

export const DEFAULT_DJ_NAME = 'Anonymous DJ';

/**
 * What OBS and the like should send (docs/spec-decisions.md): the provider takes AAC at 48 kHz; 160
 * kbps stereo is transparent for music, which is what a radio stream carries; x264 is OBS's default
 * software encoder, available everywhere.
 */
const RECOMMENDED_ENCODER: ObsSettings['recommended'] = { audioBitrate: 160, encoder: 'x264', sampleRate: 48_000, channels: 2 };

export function liveDjView(stream: StreamEntity, provider: StreamingProvider): LiveDjView {
  return {
    id: stream.id,
    name: stream.name,
    wallet: stream.wallet,
    playbackId: stream.playbackId,
    streamKey: null,
    status: 'active',
    startedAt: Math.floor((stream.startedAt ?? stream.createdAt).getTime() / 1000),
    hlsUrl: stream.playbackId ? provider.hlsUrl(stream.playbackId) : null,
    embedUrl: stream.playbackId ? provider.embedUrl(stream.playbackId) : null,
  };
}

export function createdStreamView(stream: StreamEntity, streamKey: string, provider: StreamingProvider): CreatedStreamView {
  const rtmpUrl = provider.rtmpUrl;
  return {
    success: true,
    stream: {
      id: stream.id,
      name: stream.name,
      wallet: stream.wallet,
      streamKey,
      rtmpUrl,
      fullRtmpUrl: `${rtmpUrl}/${streamKey}`,
      playbackId: stream.playbackId,
      status: 'created',
    },
    obsSettings: { server: rtmpUrl, streamKey, recommended: RECOMMENDED_ENCODER },
  };
}
