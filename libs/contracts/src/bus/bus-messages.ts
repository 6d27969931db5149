/** Texts of the bus and underground-event routes, worded once so tests and handlers agree. */
export const BUS_MESSAGES = {
  invalidSignature: 'Invalid signature',
  unknownSender: 'Unknown sender: the platform holds no wallet for this agent',
  staleTimestamp: 'timestamp is more than 5 minutes away from the bus clock',
  replayedMessage: 'messageId was already used',
  recipientNotFound: 'Recipient agent not found',
  agentNotFound: 'Agent not found',
  agentIdInvalid: 'agentId must be an agent id of at most 64 characters',
  payloadNotJson: 'payload must be JSON text of at most 64 KB',
  bookingIdRequired: 'A BOOKING_ payload must be a JSON object with a bookingId string',
  unknownBookingAction: 'Unknown booking action: use BOOKING_REQUEST, BOOKING_OFFER, BOOKING_COUNTER, BOOKING_ACCEPT, BOOKING_DECLINE or BOOKING_CANCEL',
  notBookingParty: 'Only the two agents of a booking take part in its negotiation',
  messageNotFound: 'Message not found',
  messageIdInvalid: 'messageId must be a messageId',
  publisherRequired: 'publisherAgentId is required',
  subscriberRequired: 'subscriberAgentId is required',
  selfSubscription: 'An agent cannot subscribe to itself',
  subscriptionNotFound: 'Subscription not found',
  eventAgentRequired: 'agent_id is required',
  eventNameRequired: 'name is required',
  eventDescriptionRequired: 'description is required',
  eventVenueRequired: 'venue is required',
  eventDateRequired: 'event_date is required (an ISO 8601 date or date-time)',
  eventPriceRequired: 'ticket_price_usdc is required (a USDC amount as a string, e.g. "12.50")',
  eventTicketsRequired: 'total_tickets is required (a whole number from 0)',
} as const;

/** 429 body when the sender's owner has used the plan's A2A messages for the day. */
export function a2aLimitReached(limit: number): string {
  return `Daily A2A message limit reached (${limit} per day on your plan)`;
}

/** 409 body for a move the booking's state does not allow. */
export function illegalBookingMove(action: string, state: string | null): string {
  return state ? `${action} is not allowed while the booking is ${state}` : `${action} is not allowed: no negotiation for this bookingId yet (start with BOOKING_REQUEST)`;
}

/** 409 body for a move that is the other party's to make. */
export function notYourBookingMove(action: string, state: string): string {
  return `${action} is the other agent's move while the booking is ${state}`;
}
