import { CommonEnv, EnvInt, Secret } from '@platform/config';
import { IsString, Matches } from 'class-validator';

export class BillingEnv extends CommonEnv {
  /**
   * The processor's API key. Empty: the processor is not configured (checkout redirects to
   * `/pricing?error=stripe_not_configured`, the other paying actions answer 500).
   */
  @Secret() @IsString() BILLING_PROCESSOR_KEY = '';

  /** Where the processor's API is: the sandbox in development and tests, https://api.stripe.com in production. */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'must be an http(s) origin without a path' })
  BILLING_PROCESSOR_URL = 'https://api.stripe.com';

  /** Signs the processor's webhooks (`billing-signature`); empty refuses every webhook. */
  @Secret() @IsString() BILLING_WEBHOOK_SECRET = '';

  /** Seals provider keys at rest (libs/secrets): 32 bytes, base64. */
  @Secret() @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes, base64-encoded' })
  SECRETS_KEY = '';

  /** Public web address; the processor sends paying customers back here. */
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' })
  APP_URL = 'http://localhost:3000';

  /** One call to the processor's API. */
  @EnvInt(1) BILLING_PROCESSOR_TIMEOUT_MS = 10_000;

  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;
}
