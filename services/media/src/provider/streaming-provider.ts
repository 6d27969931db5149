import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import Mux, { NotFoundError } from '@mux/mux-node';
import { ApiError, MEDIA_MESSAGES as M } from '@platform/contracts';
import { BreakerMetrics, OutboundHttp } from '@platform/http';
import { ServiceMetrics } from '@platform/ops';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';

export interface ProviderLiveStream {
  providerStreamId: string;
  streamKey: string;
  playbackId: string | null;
}

/**
 * The streaming provider, only through its SDK (`@mux/mux-node`) at STREAMING_API_URL (the sandbox
 * in development and tests). Every call goes through one OutboundHttp (timeout and breaker); the
 * SDK's own retries are off, so a failure is the caller's to retry: the user's request, or the
 * job's BullMQ attempts.
 */
@Injectable()
export class StreamingProvider implements OnApplicationShutdown {
  private readonly api: OutboundHttp;
  /** A video's PUT takes longer than an API call, and is not the API's health. */
  private readonly uploads: OutboundHttp;
  private readonly mux: Mux;
  readonly configured: boolean;

  constructor(@Inject(MEDIA_ENV) private readonly env: MediaEnv, metrics: ServiceMetrics) {
    this.api = new OutboundHttp('streaming provider', { timeoutMs: env.STREAMING_TIMEOUT_MS });
    this.uploads = new OutboundHttp('streaming provider uploads', { timeoutMs: env.MEDIA_UPLOAD_TIMEOUT_MS });
    const breakers = metrics.of(BreakerMetrics);
    breakers.watch(this.api);
    breakers.watch(this.uploads);
    this.configured = Boolean(env.STREAMING_TOKEN_ID && env.STREAMING_TOKEN_SECRET);
    this.mux = new Mux({
      tokenId: env.STREAMING_TOKEN_ID || null,
      tokenSecret: env.STREAMING_TOKEN_SECRET || null,
      baseURL: env.STREAMING_API_URL,
      maxRetries: 0,
      timeout: env.STREAMING_TIMEOUT_MS,
      fetch: (input, init) => this.api.fetch(String(input), init),
    });
  }

  /** 500 `Streaming provider not configured` (4.6) for a call that needs the provider, before anything is done. */
  assertConfigured(): void {
    if (!this.configured) throw new ApiError(500, M.providerNotConfigured);
  }

  /** A public live stream whose recordings become public assets; `passthrough` names our stream. */
  async createLiveStream(passthrough: string): Promise<ProviderLiveStream> {
    this.assertConfigured();
    const stream = await this.mux.video.liveStreams.create({
      playback_policies: ['public'],
      new_asset_settings: { playback_policies: ['public'] },
      latency_mode: 'standard',
      passthrough,
    });
    return { providerStreamId: stream.id, streamKey: stream.stream_key, playbackId: stream.playback_ids?.[0]?.id ?? null };
  }

  /** A direct upload whose asset is public with an MP4 rendition (the URL a generated video answers); `passthrough` names the video. */
  async createUpload(passthrough: string): Promise<{ uploadId: string; url: string }> {
    this.assertConfigured();
    const upload = await this.mux.video.uploads.create({
      cors_origin: '*',
      new_asset_settings: { playback_policies: ['public'], static_renditions: [{ resolution: 'highest' }], passthrough },
    });
    if (!upload.url) throw new Error(`The provider's upload ${upload.id} has no URL to PUT to`);
    return { uploadId: upload.id, url: upload.url };
  }

  async putFile(url: string, file: Buffer): Promise<void> {
    const response = await this.uploads.fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(file) });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`The provider refused the upload: HTTP ${response.status}`);
  }

  upload(uploadId: string): Promise<Mux.Video.Upload> {
    return this.mux.video.uploads.retrieve(uploadId);
  }

  asset(assetId: string): Promise<Mux.Video.Asset> {
    return this.mux.video.assets.retrieve(assetId);
  }

  /** Deleted, or already gone (a retry after a deletion whose answer was lost). */
  async deleteAsset(assetId: string): Promise<void> {
    try {
      await this.mux.video.assets.delete(assetId);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }

  /** Where a live stream or an asset plays (the provider's stream host and player), and where encoders send. */
  hlsUrl(playbackId: string): string {
    return `${this.env.STREAMING_PLAYBACK_URL}/${playbackId}.m3u8`;
  }

  mp4Url(playbackId: string): string {
    return `${this.env.STREAMING_PLAYBACK_URL}/${playbackId}/highest.mp4`;
  }

  embedUrl(playbackId: string): string {
    return `${this.env.STREAMING_PLAYER_URL}/${playbackId}`;
  }

  get rtmpUrl(): string {
    return this.env.STREAMING_RTMP_URL;
  }

  /** The provider's signature scheme is the spec's (`t=…,v1=…`, HMAC-SHA256 over `<t>.<body>`, 5 minutes, timing-safe): its SDK checks it. */
  async verifySignature(rawBody: string, signature: string, secret: string): Promise<boolean> {
    try {
      await this.mux.webhooks.verifySignature(rawBody, { 'mux-signature': signature }, secret);
      return true;
    } catch {
      return false;
    }
  }

  onApplicationShutdown(): void {
    this.api.shutdown();
    this.uploads.shutdown();
  }
}
