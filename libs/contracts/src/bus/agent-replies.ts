import { BOOKING_PREFIX } from './agent-message.js';

/** The moves of a booking negotiation (extended-services 4.2 "negotiation"); one negotiation per payload `bookingId`. */
export const BOOKING_ACTIONS = {
  request: `${BOOKING_PREFIX}REQUEST`,
  offer: `${BOOKING_PREFIX}OFFER`,
  counter: `${BOOKING_PREFIX}COUNTER`,
  accept: `${BOOKING_PREFIX}ACCEPT`,
  decline: `${BOOKING_PREFIX}DECLINE`,
  cancel: `${BOOKING_PREFIX}CANCEL`,
} as const;

/** A runtime's answer to a message that is not a booking move but asked for one (`"replyRequested": true`). */
export const REPLY_ACTION = 'REPLY';

/** What a runtime answers the bus for a delivery (RUNTIME_PATHS.busMessages): `duplicate` for a messageId it already had. */
export interface BusDeliveryReceipt {
  received: true;
  messageId: string;
  duplicate: boolean;
}

/** How a runtime's history (GET /messages) marks an entry that came from or went to the bus: the message's routing fields (its payload is the entry's content). */
export interface BusHistoryFields {
  messageId: string;
  action: string;
  from: string;
  to: string;
  replyTo?: string;
}
