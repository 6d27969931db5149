import { x402Client, x402HTTPClient } from '@x402/core/client';
import { validatePaymentRequired, type PaymentRequired } from '@x402/core/schemas';
import type { SettleResponse } from '@x402/core/types';
import type { UpstreamAnswer } from './upstream-call.js';

/** Only the protocol's reading of headers and bodies is used here; paying is the wallet service's. */
const reader = new x402HTTPClient(new x402Client());

const parsedBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export type { PaymentRequired };

/** Where a challenge says it is paid: v2 names its resource once, v1 in each requirement. */
export const resourceOf = (challenge: PaymentRequired): string =>
  ('resource' in challenge ? challenge.resource.url : challenge.accepts[0]?.resource) ?? '';

/**
 * A 402's challenge as @x402/core reads it (v2: the PAYMENT-REQUIRED header; v1: the body), held to
 * the protocol's schema: null when the answer carries none that is valid.
 */
export function challengeOf(answer: UpstreamAnswer): PaymentRequired | null {
  try {
    return validatePaymentRequired(reader.getPaymentRequiredResponse((name) => answer.headers.get(name), parsedBody(answer.text)));
  } catch {
    return null;
  }
}

/** The settlement a paid answer reports (PAYMENT-RESPONSE), or null when it reports none. */
export function settlementOf(answer: UpstreamAnswer): SettleResponse | null {
  try {
    return reader.getPaymentSettleResponse((name) => answer.headers.get(name));
  } catch {
    return null;
  }
}
