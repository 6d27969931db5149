import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ApiError, MEDIA_MESSAGES as M, STREAM_EVENT_TYPES as TYPES, StreamEventDto, validateAs, type ReceivedReply,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { ServiceMetrics, WebhookMetrics } from '@platform/ops';
import type { EntityManager } from 'typeorm';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';
import { StreamingProvider } from '../provider/streaming-provider.js';
import { AssetLifecycle } from './asset-lifecycle.js';
import type { EventOutcome } from './event-outcome.js';
import { StreamTransitions } from './stream-transitions.js';
import { WebhookEventEntity, type StreamEventOutcome } from './webhook-event.entity.js';

/**
 * POST /api/webhooks/stream (extended-services 4.6, 5, 6). The signature is checked over the body's
 * bytes as sent; then the event is stored by id in the transaction that acts on it, so a redelivery,
 * or a concurrent duplicate (which waits on the first one's row), does nothing.
 */
/** The sender in webhook_events_total. */
const SOURCE = 'streaming';

@Injectable()
export class StreamWebhooks {
  private readonly logger = new Logger(StreamWebhooks.name);
  private readonly secret: string;
  private readonly metrics: WebhookMetrics;

  constructor(
    private readonly db: Db,
    private readonly provider: StreamingProvider,
    private readonly transitions: StreamTransitions,
    private readonly assets: AssetLifecycle,
    @Inject(MEDIA_ENV) env: MediaEnv,
    metrics: ServiceMetrics,
  ) {
    this.metrics = metrics.of(WebhookMetrics);
    this.secret = env.STREAM_SIGNING_SECRET || env.STREAM_WEBHOOK_SECRET;
    if (!this.secret) this.logger.warn('Neither STREAM_SIGNING_SECRET nor STREAM_WEBHOOK_SECRET is set: every streaming webhook is refused');
  }

  async receive(rawBody: string | undefined, signature: string | undefined): Promise<ReceivedReply> {
    if (!this.secret) throw new ApiError(403, M.webhooksNotConfigured);
    if (!signature) {
      this.metrics.refused(SOURCE);
      throw new ApiError(401, M.signatureMissing);
    }
    if (!(await this.provider.verifySignature(rawBody ?? '', signature, this.secret))) {
      this.metrics.refused(SOURCE);
      throw new ApiError(403, M.signatureRejected);
    }
    const event = validateAs(StreamEventDto, parsed(rawBody ?? ''));
    const occurredAt = event.created_at ? new Date(event.created_at) : new Date();
    const handled = await this.db.asSystem(async (manager): Promise<StreamEventOutcome | 'duplicate'> => {
      const stored = await manager.createQueryBuilder().insert().into(WebhookEventEntity)
        .values({ id: event.id, type: event.type, objectId: typeof event.data.id === 'string' ? event.data.id : null, outcome: 'ignored', occurredAt, payload: storable(event) })
        .orIgnore().returning(['id']).updateEntity(false).execute();
      if (!stored.raw.length) return 'duplicate';
      const { outcome, wallet } = await this.act(manager, event, occurredAt);
      await manager.update(WebhookEventEntity, { id: event.id }, { outcome, wallet });
      return outcome;
    });
    // Counted once committed: a transaction that failed is the provider's to redeliver, and counted then.
    this.metrics.counted(SOURCE, event.type, handled);
    return { received: true };
  }

  private act(manager: EntityManager, event: StreamEventDto, at: Date): Promise<EventOutcome> {
    const streamId = typeof event.data.id === 'string' ? event.data.id : '';
    switch (event.type) {
      case TYPES.liveStreamActive:
        return this.transitions.apply(manager, streamId, 'active', at);
      case TYPES.liveStreamIdle:
        return this.transitions.apply(manager, streamId, 'idle', at);
      case TYPES.assetReady:
        return this.assets.ready(manager, event.data);
      default:
        return Promise.resolve({ outcome: 'ignored', wallet: null });
    }
  }
}

/** A live stream's events carry its key (and SRT passphrase): kept sealed or not at all, never in a stored payload. */
const SECRET_FIELDS = ['stream_key', 'srt_passphrase'];

function storable(event: StreamEventDto): object {
  return { ...event, data: Object.fromEntries(Object.entries(event.data).filter(([field]) => !SECRET_FIELDS.includes(field))) };
}

/** The gateway parsed the body already; a signed body that is not an object is no event. */
function parsed(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new ApiError(400, M.eventInvalid);
  }
}
