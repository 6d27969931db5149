import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ApiError, ERROR_CODES, IDENTITY_MESSAGES as M, type RegisterDto } from '@platform/contracts';
import { OutboundHttp } from '@platform/http';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { IdentityEnv } from '../identity.env.js';

/**
 * Registration's bot detection: the honeypot field always; the challenge token, in the siteverify
 * protocol (Turnstile-style), when BOT_CHECK_SECRET is set. An unreachable verifier fails closed.
 */
@Injectable()
export class BotCheck implements OnApplicationShutdown {
  private readonly logger = new Logger(BotCheck.name);
  private readonly http = new OutboundHttp('bot-check', { timeoutMs: 5000 });

  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  async verify(registration: Pick<RegisterDto, 'website' | 'botToken'>, ip: string): Promise<void> {
    // A field people never see: only bots fill it.
    if (registration.website) throw this.rejected();
    if (!this.env.BOT_CHECK_SECRET) return;
    const token = registration.botToken;
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
    return new ApiError(403, M.botDetected, { code: ERROR_CODES.botCheckFailed });
  }
}
