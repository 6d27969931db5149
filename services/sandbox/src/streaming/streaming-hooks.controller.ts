import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseFilters } from '@nestjs/common';
import { isWebUrl } from '../payments/web-url.js';
import type { WebhookDelivery } from '../payments/webhook-delivery.model.js';
import type { DeliveryStatus } from '../payments/webhook-sender.service.js';
import { Assets } from './assets.service.js';
import { LiveStreams } from './live-streams.service.js';
import { StreamingError } from './streaming-error.js';
import { StreamingEvents, type StreamingDelivery } from './streaming-events.service.js';
import { StreamingHookExceptionFilter } from './streaming-exception.filters.js';
import { StreamingStore } from './streaming-store.service.js';

type Fields = Record<string, unknown>;

interface HookDelivery {
  /** The platform's HTTP status; null when it did not answer within 10 s. */
  delivered: DeliveryStatus;
  eventId: string;
}

const answered = async ({ event, delivered }: StreamingDelivery): Promise<HookDelivery> => ({ delivered: await delivered, eventId: event.id });

function positive(value: unknown, field: string, integer: boolean): number {
  const ok = typeof value === 'number' && Number.isFinite(value) && value > 0 && (!integer || Number.isInteger(value));
  if (!ok) throw new StreamingError(400, `${field} must be a positive ${integer ? 'whole ' : ''}number`);
  return value;
}

function optionalText(value: unknown, field: string): string | undefined {
  if (value !== undefined && (typeof value !== 'string' || value === '')) throw new StreamingError(400, `${field} must be a non-empty string`);
  return value;
}

/**
 * Hooks that play the encoder and the provider's processing (docs/sandbox.md): a stream going live
 * or idle and a recording becoming a ready asset, each delivered to the platform as a signed webhook
 * and answered once the platform answered; where events go; failures of asset deletion.
 */
@Controller('mux')
@UseFilters(StreamingHookExceptionFilter)
export class StreamingHooksController {
  constructor(
    private readonly liveStreams: LiveStreams,
    private readonly assets: Assets,
    private readonly events: StreamingEvents,
    private readonly store: StreamingStore,
  ) {}

  @Put('webhook')
  retarget(@Body() body: Fields | undefined): { url: string } {
    const { url, secret } = body ?? {};
    if (typeof url !== 'string' || !isWebUrl(url)) throw new StreamingError(400, 'url must be an http or https URL');
    return this.events.retarget(url, optionalText(secret, 'secret'));
  }

  @Post('live-streams/:id/active')
  @HttpCode(200)
  active(@Param('id') id: string): Promise<HookDelivery> {
    return answered(this.liveStreams.transition(id, 'active'));
  }

  @Post('live-streams/:id/idle')
  @HttpCode(200)
  idle(@Param('id') id: string): Promise<HookDelivery> {
    return answered(this.liveStreams.transition(id, 'idle'));
  }

  /** A recording ready: `{ height, duration (s), width? (16:9 when absent), liveStreamId?, passthrough? }`. */
  @Post('assets')
  @HttpCode(200)
  async assetReady(@Body() body: Fields | undefined): Promise<HookDelivery & { assetId: string }> {
    const fields = body ?? {};
    const height = positive(fields.height, 'height', true);
    const width = fields.width === undefined ? Math.round((height * 16) / 9) : positive(fields.width, 'width', true);
    const { asset, ...delivery } = this.assets.ready({
      width, height, duration: positive(fields.duration, 'duration', false),
      liveStreamId: optionalText(fields.liveStreamId, 'liveStreamId'), passthrough: optionalText(fields.passthrough, 'passthrough'),
    });
    return { ...(await answered(delivery)), assetId: asset.id };
  }

  /** An asset as the hooks see it: deleted or not, and how many deletions were asked for. */
  @Get('assets/:id')
  asset(@Param('id') id: string) {
    return this.assets.view(id);
  }

  /** `{ failAssetDeletes: n }`: the next n asset deletions answer 500. */
  @Put('controls')
  controls(@Body() body: Fields | undefined): { failAssetDeletes: number } {
    const failures = body?.failAssetDeletes;
    if (!Number.isInteger(failures) || (failures as number) < 0) throw new StreamingError(400, 'failAssetDeletes must be a whole number');
    this.store.failAssetDeletes = failures as number;
    return { failAssetDeletes: this.store.failAssetDeletes };
  }

  @Delete('controls')
  resetControls(): { failAssetDeletes: number } {
    this.store.failAssetDeletes = 0;
    return { failAssetDeletes: 0 };
  }

  @Post('events/:id/redeliver')
  @HttpCode(200)
  async redeliver(@Param('id') id: string): Promise<{ delivered: DeliveryStatus }> {
    return { delivered: await this.events.redeliver(id) };
  }

  /** Oldest first. */
  @Get('deliveries')
  deliveries(): WebhookDelivery[] {
    return this.events.deliveries();
  }

  @Delete('deliveries')
  clearDeliveries(): { ok: true } {
    this.events.clearDeliveries();
    return { ok: true };
  }
}
