import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { STREAM_SIGNATURE_HEADER } from '@platform/contracts';
import { Clock } from '../clock.service.js';
import { DeliveryLog } from '../payments/delivery-log.js';
import type { WebhookDelivery } from '../payments/webhook-delivery.model.js';
import { WebhookSender, type DeliveryStatus } from '../payments/webhook-sender.service.js';
import { signWebhookPayload } from '../payments/webhook-signature.js';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import type { MuxEvent } from './mux.models.js';
import { StreamingError } from './streaming-error.js';
import { StreamingStore } from './streaming-store.service.js';

/** An event and its delivery, already under way: a hook waits for it, the API does not. */
export interface StreamingDelivery {
  event: MuxEvent;
  delivered: Promise<DeliveryStatus>;
}

/**
 * The provider's webhooks: each event signed as the provider signs (`t=<seconds>,v1=<HMAC-SHA256 of
 * "<t>.<body>">`, the scheme the payment processor uses too) with the platform's secret, in the
 * platform's `stream-signature` header and the provider's own `mux-signature`.
 */
@Injectable()
export class StreamingEvents {
  private target: { url: string; secret: string };
  private readonly log = new DeliveryLog();

  constructor(
    @Inject(SANDBOX_CONFIG) config: SandboxConfig,
    private readonly store: StreamingStore,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
  ) {
    this.target = { url: config.streamWebhookUrl, secret: config.streamWebhookSecret };
  }

  /** Where events go from now on; without a secret the current one stays. */
  retarget(url: string, secret?: string): { url: string } {
    this.target = { url, secret: secret ?? this.target.secret };
    return { url };
  }

  /** The object is copied: the event shows it as it was, whatever happens to it later. */
  emit(type: string, object: { id: string }, objectType: string): StreamingDelivery {
    const event: MuxEvent = {
      id: randomUUID(),
      type,
      object: { type: objectType, id: object.id },
      environment: { name: 'Sandbox', id: 'sandbox' },
      data: structuredClone(object),
      created_at: new Date(this.clock.now()).toISOString(),
      attempts: [],
      accessor_source: null,
      accessor: null,
      request_id: null,
    };
    this.store.events.set(event.id, event);
    return { event, delivered: this.deliver(event) };
  }

  /** The same event again, signed afresh. */
  redeliver(id: string): Promise<DeliveryStatus> {
    const event = this.store.events.get(id);
    if (!event) throw new StreamingError(404, `no event ${id}`);
    return this.deliver(event);
  }

  /** Oldest first. */
  deliveries(): WebhookDelivery[] {
    return this.log.all();
  }

  clearDeliveries(): void {
    this.log.clear();
  }

  private async deliver(event: MuxEvent): Promise<DeliveryStatus> {
    const { url, secret } = this.target;
    const body = JSON.stringify(event);
    const signature = signWebhookPayload(body, secret, Math.floor(this.clock.now() / 1000));
    const status = await this.sender.post(url, body, { 'content-type': 'application/json', [STREAM_SIGNATURE_HEADER]: signature, 'mux-signature': signature });
    this.log.add({ eventId: event.id, type: event.type, url, status, at: new Date(this.clock.now()).toISOString() });
    return status;
  }
}
