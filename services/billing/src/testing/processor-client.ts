import Stripe from 'stripe';
import type { TestPlatform } from '@platform/testing';

/** The processor's own SDK against the platform's sandbox, to read what billing created there. */
export function processorClient(platform: TestPlatform): Stripe {
  const api = new URL(platform.env.BILLING_PROCESSOR_URL!);
  return new Stripe(platform.env.BILLING_PROCESSOR_KEY!, { host: api.hostname, port: api.port, protocol: 'http', telemetry: false });
}
