import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock.service.js';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import type { SiteverifyRequest } from './siteverify-request.dto.js';
import type { SiteverifyResponse } from './siteverify-response.dto.js';
import type { TurnstileErrorCode } from './turnstile-error-code.js';

/** Turnstile tokens are valid for 300 seconds after the challenge is solved. */
export const TOKEN_TTL_MS = 300_000;

/**
 * Used and expired tokens are kept so a replay still reads "timeout-or-duplicate"; the bound
 * keeps a load test from growing the map forever. An evicted token reads as unknown.
 */
export const TOKEN_CAPACITY = 10_000;

/** The hostname Turnstile would report for the page; the sandbox's "browser" is always local. */
export const CHALLENGE_HOSTNAME = 'localhost';

interface IssuedToken {
  issuedAt: number;
  used: boolean;
}

@Injectable()
export class BotCheckService {
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    @Inject(SANDBOX_CONFIG) private readonly config: SandboxConfig,
    private readonly clock: Clock,
  ) {}

  issueToken(): string {
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { issuedAt: this.clock.now(), used: false });
    if (this.tokens.size > TOKEN_CAPACITY) {
      const [oldest] = this.tokens.keys();
      this.tokens.delete(oldest);
    }
    return token;
  }

  verify(request: SiteverifyRequest): SiteverifyResponse {
    if (request.secret === undefined) return failure('missing-input-secret');
    if (request.secret !== this.config.botCheckSecret) return failure('invalid-input-secret');
    if (request.response === undefined) return failure('missing-input-response');
    const issued = this.tokens.get(request.response);
    if (!issued) return failure('invalid-input-response');
    if (issued.used || this.clock.now() - issued.issuedAt > TOKEN_TTL_MS) return failure('timeout-or-duplicate');
    issued.used = true;
    return {
      success: true,
      'error-codes': [],
      challenge_ts: new Date(issued.issuedAt).toISOString(),
      hostname: CHALLENGE_HOSTNAME,
    };
  }
}

function failure(code: TurnstileErrorCode): SiteverifyResponse {
  return { success: false, 'error-codes': [code] };
}
