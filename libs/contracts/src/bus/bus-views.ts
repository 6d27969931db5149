import type { AgentMessageDto } from './agent-message.js';

export type BusDeliveryStatus = 'held' | 'queued' | 'delivered' | 'dead';

export interface BusSendReply {
  success: true;
  messageId: string;
}

export interface BusDeliveryView {
  recipientAgentId: string;
  status: BusDeliveryStatus;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

/** GET /api/underground/bus/messages/:messageId: the signed message and where each copy stands. */
export interface BusMessageView {
  message: AgentMessageDto;
  acceptedAt: string;
  deliveries: BusDeliveryView[];
}

export interface BusSubscriptionView {
  publisherAgentId: string;
  subscriberAgentId: string;
}

/** DELETE /api/underground/bus/subscriptions. */
export interface BusUnsubscribedView extends BusSubscriptionView {
  deleted: true;
}

/** The Event resource (extended-services 2). */
export interface UndergroundEventView {
  id: number;
  agent_id: string;
  name: string;
  description: string;
  venue: string;
  event_date: string;
  ticket_price_usdc: string;
  total_tickets: number;
}
