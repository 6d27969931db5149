/** A stream on the air (GET /api/radio/live, 4.6). `streamKey` is always null: only its creator ever sees it. */
export interface LiveDjView {
  id: string;
  name: string;
  wallet: string | null;
  playbackId: string | null;
  streamKey: null;
  status: 'active';
  /** Unix seconds. */
  startedAt: number;
  hlsUrl: string | null;
  embedUrl: string | null;
}

export interface LiveDjList {
  djs: LiveDjView[];
  count: number;
}

/** Encoder settings for OBS and the like: bitrate in kbps, sample rate in Hz. */
export interface ObsSettings {
  server: string;
  streamKey: string;
  recommended: { audioBitrate: number; encoder: string; sampleRate: number; channels: number };
}

/** POST /api/radio/streams (4.6): the one answer that carries the stream key. */
export interface CreatedStreamView {
  success: true;
  stream: {
    id: string;
    name: string;
    wallet: string;
    streamKey: string;
    rtmpUrl: string;
    fullRtmpUrl: string;
    playbackId: string | null;
    status: 'created';
  };
  obsSettings: ObsSettings;
}
