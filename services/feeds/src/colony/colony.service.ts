import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  ADMIN_COLONY_ACTIONS, ApiError, FEEDS_MESSAGES as M, forbidden, RETRY_AFTER_SECONDS, unauthorized, validateAs,
  type AuthContext, type ColonyAction,
} from '@platform/contracts';
import { BreakerMetrics } from '@platform/http';
import { ServiceMetrics } from '@platform/ops';
import { UpstreamCall, UpstreamError } from '../datafeeds/upstream-call.js';
import type { FeedsEnv } from '../feeds.env.js';
import { FEEDS_ENV } from '../feeds.tokens.js';
import { COLONY_SHAPES } from './colony-shapes.js';

/**
 * GET /api/colony/status (4.10): the soul service's answer for one action, passed on only when it
 * has 4.10's shape. `tree` is public; the soul's own state (`soul`, `diagnostics`) is for admins.
 */
@Injectable()
export class ColonyService implements OnModuleDestroy {
  private readonly soul: UpstreamCall;

  constructor(@Inject(FEEDS_ENV) private readonly env: FeedsEnv, metrics: ServiceMetrics) {
    this.soul = new UpstreamCall({ name: 'soul service', answerer: 'the soul service' }, {
      timeoutMs: env.FEEDS_SOUL_TIMEOUT_MS,
      errorThresholdPercentage: env.FEEDS_BREAKER_ERROR_PERCENT,
      volumeThreshold: env.FEEDS_BREAKER_VOLUME,
      resetTimeoutMs: env.FEEDS_BREAKER_RESET_MS,
    }, metrics.of(BreakerMetrics));
  }

  async status(action: ColonyAction, caller: AuthContext | null): Promise<unknown> {
    if (ADMIN_COLONY_ACTIONS.includes(action)) {
      if (!caller) throw unauthorized();
      if (!caller.isAdmin) throw forbidden();
    }
    // Any answer but 200 is the soul being away (docs/spec-decisions.md 177).
    const answer = await this.soul.get(`${this.env.SOUL_URL.replace(/\/+$/, '')}/${action}`, (status) => status === 200).catch((error: unknown) => {
      throw error instanceof UpstreamError ? this.unavailable(error.message) : error;
    });
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      throw new ApiError(502, M.soulMalformed, { detail: 'the answer is not JSON' });
    }
    try {
      validateAs<object>(COLONY_SHAPES[action], body);
    } catch (error) {
      throw error instanceof ApiError ? new ApiError(502, M.soulMalformed, { detail: error.message }) : error;
    }
    return body;
  }

  onModuleDestroy(): void {
    this.soul.shutdown();
  }

  private unavailable(detail: string): ApiError {
    return new ApiError(503, M.soulUnavailable, { detail, soul_url: this.env.SOUL_URL }, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
}
