import { Inject, Injectable } from '@nestjs/common';
import { AI_MESSAGES, ApiError, ERROR_CODES, UnavailableError, type ApiKeyGrant } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { isRedisUnreachable } from '@platform/queue';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { AdmissionMetrics } from '../chat/admission.metrics.js';
import { QuotaStore, type Reservation } from '../quota/quota.store.js';
import { quotaMonth, type QuotaKeys } from '../quota/quota-period.js';

/** One key's month of spend in micro-dollars, the same hash and lease set as a token quota. */
export function spendCapKeys(redisPrefix: string, keyId: string, now: Date): QuotaKeys {
  const month = `${redisPrefix}ai:spend:{key:${keyId}:${quotaMonth(now)}}`;
  return { month, leases: `${month}:leases` };
}

/**
 * A key's monthly spend cap, enforced with the quota's leases (quota-scripts.ts) counting
 * micro-dollars: the worst case is reserved before the call (ChatService.admit), settled to the
 * real cost after or released on failure through the quota's own settle and release (the
 * reservation names its keys), and released on its own when its holder dies. Concurrent calls overshoot
 * the cap by at most one call's reservation.
 */
@Injectable()
export class SpendCapStore {
  private readonly metrics: AdmissionMetrics;

  constructor(private readonly leases: QuotaStore, @Inject(AI_GATEWAY_ENV) private readonly env: AiGatewayEnv, metrics: ServiceMetrics) {
    this.metrics = metrics.of(AdmissionMetrics);
  }

  /** Null for a key without a cap. Over the cap is 429 `insufficient_quota`; Redis away is 503, never an uncounted call. */
  async reserve(grant: ApiKeyGrant, worstCaseMicros: number, now: Date): Promise<Reservation | null> {
    if (grant.monthlySpendCapMicros === null) return null;
    const keys = spendCapKeys(this.env.REDIS_PREFIX, grant.id, now);
    const outcome = await this.leases.reserveOn(keys, grant.monthlySpendCapMicros, worstCaseMicros, now).catch((error: unknown) => {
      if (isRedisUnreachable(error)) throw new UnavailableError(AI_MESSAGES.quotaUnavailable);
      throw error;
    });
    if (outcome.admitted) return outcome.reservation;
    this.metrics.spendCapRejected.inc();
    throw new ApiError(429, AI_MESSAGES.spendCapReached, { code: ERROR_CODES.spendCapReached });
  }
}
