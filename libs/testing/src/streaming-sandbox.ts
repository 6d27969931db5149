import { sandboxHook } from './sandbox-hook.js';

/** What a hook answers once the sandbox delivered the signed event it caused. */
export interface StreamingDelivery {
  /** The platform's HTTP status for the webhook; null when it did not answer. */
  delivered: number | null;
  eventId: string;
}

/** An asset as the sandbox's hooks show it, deleted or not. */
export interface SandboxAsset {
  id: string;
  status: string;
  duration: number;
  passthrough?: string;
  live_stream_id?: string;
  deleted: boolean;
  deletedAt: string | null;
  deleteCalls: number;
}

/** The sandbox streaming provider's hooks (docs/sandbox.md, Streaming provider). */
export class StreamingSandbox {
  constructor(private readonly sandboxUrl: string) {}

  async useWebhook(url: string, secret?: string): Promise<void> {
    await sandboxHook(this.sandboxUrl, 'PUT', '/mux/webhook', { url, ...(secret ? { secret } : {}) });
  }

  goLive(providerStreamId: string): Promise<StreamingDelivery> {
    return sandboxHook(this.sandboxUrl, 'POST', `/mux/live-streams/${providerStreamId}/active`);
  }

  goIdle(providerStreamId: string): Promise<StreamingDelivery> {
    return sandboxHook(this.sandboxUrl, 'POST', `/mux/live-streams/${providerStreamId}/idle`);
  }

  /** A recording ready: `height` (width 16:9 unless given) and `duration` in seconds. */
  assetReady(asset: { height: number; duration: number; width?: number; liveStreamId?: string; passthrough?: string }): Promise<StreamingDelivery & { assetId: string }> {
    return sandboxHook(this.sandboxUrl, 'POST', '/mux/assets', asset);
  }

  asset(assetId: string): Promise<SandboxAsset> {
    return sandboxHook(this.sandboxUrl, 'GET', `/mux/assets/${assetId}`);
  }

  /** The next `count` asset deletions answer 500. */
  async failAssetDeletes(count: number): Promise<void> {
    await sandboxHook(this.sandboxUrl, 'PUT', '/mux/controls', { failAssetDeletes: count });
  }

  redeliver(eventId: string): Promise<{ delivered: number | null }> {
    return sandboxHook(this.sandboxUrl, 'POST', `/mux/events/${eventId}/redeliver`);
  }
}
