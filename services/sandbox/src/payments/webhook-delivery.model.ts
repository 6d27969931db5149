import type { DeliveryStatus } from './webhook-sender.service.js';

export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: DeliveryStatus;
  at: string;
}
