import type { DeliveryStatus } from './webhook-sender.service.js';

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** The endpoint it went to. */
  url: string;
  status: DeliveryStatus;
  at: string;
}
