import type { EmittedEvent } from './emitted-event.model.js';
import type { DeliveryStatus } from './webhook-sender.service.js';

export interface DeliveryAnswer {
  /** The platform's HTTP status; null when it did not answer within the timeout. */
  delivered: DeliveryStatus;
  eventId: string;
}

/** A hook's answer once the event it caused has been delivered. */
export async function deliveryAnswer({ event, delivered }: EmittedEvent): Promise<DeliveryAnswer> {
  return { delivered: await delivered, eventId: event.id };
}
