import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { BILLING_SIGNATURE_HEADER } from '@platform/contracts';
import type { TestClient, TestResponse } from '@platform/testing';

/** A processor event as the processor shapes it, for tests that need one the sandbox would not send (old, reordered). */
export function processorEvent(type: string, object: object | null, created = Math.floor(Date.now() / 1000)): Record<string, unknown> {
  return { id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type, created, livemode: false, data: { object } };
}

/** The processor's signature over `body` (t=…,v1=…), `timestamp` in Unix seconds. */
export function signatureOf(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
}

/** Delivers an event to POST /api/billing/webhook signed as the processor signs it. */
export function deliver(web: TestClient, secret: string, event: object): Promise<TestResponse> {
  const body = JSON.stringify(event);
  return web.post('/api/billing/webhook', body, { 'content-type': 'application/json', [BILLING_SIGNATURE_HEADER]: signatureOf(body, secret) });
}
