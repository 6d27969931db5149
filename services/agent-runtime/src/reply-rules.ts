import { BOOKING_ACTIONS, BOOKING_PREFIX, REPLY_ACTION } from '@platform/contracts';
import { RuntimeError } from './runtime-error.js';

export type BusPayload = Record<string, unknown>;

/** The contract's wording for a payload that is not JSON text (AgentMessageDto). */
const PAYLOAD_NOT_JSON = 'payload must be JSON text of at most 64 KB';

/** A payload that is JSON but not an object (a string, a list) carries no fields a reply could read. */
export function parsePayload(text: string): BusPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new RuntimeError(400, PAYLOAD_NOT_JSON);
  }
  return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload as BusPayload : {};
}

/** The reply a runtime owes a bus message: its action and the fields carried into its payload as they are. */
export interface ReplyPlan {
  action: string;
  fields: BusPayload;
}

/** The booking terms a reply carries over from the message it answers (docs/agents.md, "Bus messages"). */
const BOOKING_TERMS = ['date', 'time', 'duration', 'venue', 'price', 'currency'] as const;

/** Booking moves the runtime answers on its own: an offer to a request; an offer or a counter is taken. */
const BOOKING_REPLIES: Record<string, string> = {
  [BOOKING_ACTIONS.request]: BOOKING_ACTIONS.offer,
  [BOOKING_ACTIONS.offer]: BOOKING_ACTIONS.accept,
  [BOOKING_ACTIONS.counter]: BOOKING_ACTIONS.accept,
};

function bookingTerms(payload: BusPayload): BusPayload {
  const terms: BusPayload = {};
  for (const name of BOOKING_TERMS) if (payload[name] !== undefined) terms[name] = payload[name];
  // A request names what the sender will pay as `budget`; the offer answers at that price.
  if (terms.price === undefined && payload.budget !== undefined) terms.price = payload.budget;
  return terms;
}

/**
 * Which reply a message asks for, if any. `"replyRequested": false` silences any of them (an owner
 * who answers by hand); other actions are answered only when they ask with `"replyRequested": true`.
 * Nothing answers an accept, decline, cancel or reply, so two runtimes never talk in a loop.
 */
export function replyPlan(action: string, payload: BusPayload): ReplyPlan | null {
  if (payload.replyRequested === false) return null;
  if (action.startsWith(BOOKING_PREFIX)) {
    const reply = BOOKING_REPLIES[action];
    if (!reply || typeof payload.bookingId !== 'string') return null;
    return { action: reply, fields: { bookingId: payload.bookingId, ...bookingTerms(payload) } };
  }
  return payload.replyRequested === true ? { action: REPLY_ACTION, fields: {} } : null;
}
