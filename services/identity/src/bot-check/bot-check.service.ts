import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ApiError, IDENTITY_MESSAGES as M } from '@platform/contracts';
import { OutboundHttp } from '@platform/http';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { IdentityEnv } from '../identity.env.js';

/**
 * Registration's challenge check, in the siteverify protocol (Turnstile-style). Off while
 * BOT_CHECK_SECRET is unset; when on, an unreachable verifier fails closed.
 */
@Injectable()
export class BotCheck implements OnApplicationShutdown {
  private readonly logger = new Logger(BotCheck.name);
  private readonly http = new OutboundHttp('bot-check', { timeoutMs: 5000 });

  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  async verify(token: unknown, ip: string): Promise<void> {
    if (!this.env.BOT_CHECK_SECRET) return;
    if (typeof token !== 'string' || token === '') throw this.rejected();
    let success = false;
    try {
      const response = await this.http.fetch(this.env.BOT_CHECK_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.env.BOT_CHECK_SECRET, response: token, remoteip: ip }).toString(),
      });
      success = ((await response.json()) as { success?: unknown }).success === true;
    } catch (error) {
      this.logger.warn(`Bot check unavailable: ${String(error)}`);
    }
    if (!success) throw this.rejected();
  }

  onApplicationShutdown(): void {
    this.http.shutdown();
  }

  private rejected(): ApiError {
    return new ApiError(403, M.botDetected, { code: 'BOT_CHECK_FAILED' });
  }
}
