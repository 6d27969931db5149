/** The provider's resources as its API renders them (the fields `@mux/mux-node` types; the sandbox fills what it can). */
export interface MuxPlaybackId {
  id: string;
  policy: 'public' | 'signed';
}

export interface MuxLiveStream {
  id: string;
  stream_key: string;
  status: 'idle' | 'active' | 'disabled';
  playback_ids: MuxPlaybackId[];
  created_at: string;
  latency_mode: 'low' | 'reduced' | 'standard';
  max_continuous_duration: number;
  reconnect_window: number;
  new_asset_settings?: Record<string, unknown>;
  passthrough?: string;
  recent_asset_ids: string[];
  test: boolean;
}

export interface MuxTrack {
  id: string;
  type: 'video' | 'audio';
  duration: number;
  max_width?: number;
  max_height?: number;
  max_frame_rate?: number;
  max_channels?: number;
}

export interface MuxStaticRendition {
  id: string;
  name: 'highest.mp4';
  ext: 'mp4';
  resolution: 'highest';
  status: 'ready';
  width: number;
  height: number;
  filesize: string;
}

export interface MuxAsset {
  id: string;
  status: 'preparing' | 'ready' | 'errored';
  created_at: string;
  duration: number;
  aspect_ratio: string;
  resolution_tier: '720p' | '1080p' | '1440p' | '2160p';
  max_resolution_tier: '1080p' | '1440p' | '2160p';
  max_stored_resolution: 'SD' | 'HD' | 'FHD' | 'UHD';
  encoding_tier: 'smart';
  master_access: 'none';
  ingest_type: 'on_demand_direct_upload' | 'live_rtmp';
  playback_ids: MuxPlaybackId[];
  tracks: MuxTrack[];
  passthrough?: string;
  live_stream_id?: string;
  is_live?: boolean;
  upload_id?: string;
  static_renditions?: { status: 'ready'; files: MuxStaticRendition[] };
  progress: { state: 'completed'; progress: number };
  test: boolean;
}

export interface MuxUpload {
  id: string;
  url: string;
  status: 'waiting' | 'asset_created' | 'errored' | 'cancelled' | 'timed_out';
  timeout: number;
  cors_origin: string;
  new_asset_settings?: Record<string, unknown>;
  asset_id?: string;
  test: boolean;
}

/** A webhook event as the provider sends it. */
export interface MuxEvent {
  id: string;
  type: string;
  object: { type: string; id: string };
  environment: { name: string; id: string };
  data: object;
  created_at: string;
  attempts: unknown[];
  accessor_source: null;
  accessor: null;
  request_id: null;
}
