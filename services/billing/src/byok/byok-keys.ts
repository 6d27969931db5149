import { Inject, Injectable } from '@nestjs/common';
import { secretBoxFromKey, type SecretBox } from '@platform/secrets';
import { BILLING_ENV } from '../billing.tokens.js';
import type { BillingEnv } from '../billing.env.js';

/** Provider keys at rest: sealed for one user, so a sealed key copied to another account does not open. */
@Injectable()
export class ByokKeys {
  private readonly box: SecretBox;

  constructor(@Inject(BILLING_ENV) env: BillingEnv) {
    this.box = secretBoxFromKey(env.SECRETS_KEY);
  }

  seal(userId: string, apiKey: string): Promise<string> {
    return this.box.seal(apiKey, `byok:${userId}`);
  }

  open(userId: string, sealed: string): Promise<string> {
    return this.box.open(sealed, `byok:${userId}`);
  }
}
