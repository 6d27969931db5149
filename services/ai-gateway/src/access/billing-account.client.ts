import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Dependency } from '@platform/config';
import {
  AI_PROVIDERS, EVENTS, PLANS, SUBJECTS, SUBSCRIPTION_STATUSES, UnavailableError, type BillingAccountQuery, type BillingAccountState,
} from '@platform/contracts';
import { EventBus, RpcClient, ServiceUnavailableError } from '@platform/messaging';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { BillingStateCache } from './billing-state-cache.js';

/** Answers in a row that end billing's outage: one frozen replica among live ones must not make the log flap. */
const RECOVER_AFTER = 3;

/** The account state billing keeps for a platform user: plan, subscription and own provider key. */
@Injectable()
export class BillingAccountClient implements OnApplicationBootstrap {
  /** Billing unreachable, failing or answering something else: logged once while it lasts, never with the answer. */
  private readonly billing = new Dependency('billing', new Logger('Billing'), { recoverAfter: RECOVER_AFTER });
  private readonly cache: BillingStateCache;
  private readonly fallbackAfterMs: number;

  constructor(private readonly rpc: RpcClient, private readonly events: EventBus, @Inject(AI_GATEWAY_ENV) env: AiGatewayEnv) {
    this.cache = new BillingStateCache(env.AI_BILLING_CACHE_MS, env.AI_BILLING_STALE_MS);
    this.fallbackAfterMs = env.AI_BILLING_TIMEOUT_MS;
  }

  /** Every replica hears billing's changes and forgets that user's state. */
  onApplicationBootstrap(): void {
    this.events.onBroadcast(EVENTS.billing.planChanged, (event) => this.cache.drop(event.userId));
    this.events.onBroadcast(EVENTS.billing.accountChanged, (event) => this.cache.drop(event.userId));
  }

  /**
   * Billing's answer, asked again once AI_BILLING_CACHE_MS have passed or billing announced a
   * change. Fails closed: when billing cannot answer (nobody listens, too slow, an error, a state
   * that is not whole) its last answer of the past AI_BILLING_STALE_MS stands, and without one the
   * call is 503, never judged by the headers it came with. With a last answer on hand a slow
   * billing is waited on for AI_BILLING_TIMEOUT_MS only. Not a readiness dependency: header
   * callers and admins are served while billing is away.
   */
  async state(userId: string): Promise<BillingAccountState> {
    const fresh = this.cache.fresh(userId);
    if (fresh) return fresh;
    const lastKnown = this.cache.lastKnown(userId);
    try {
      const answer = await this.ask(userId, lastKnown ? this.fallbackAfterMs : undefined);
      this.cache.set(userId, answer);
      return answer;
    } catch (error) {
      if (lastKnown) return lastKnown;
      throw error;
    }
  }

  private async ask(userId: string, timeoutMs: number | undefined): Promise<BillingAccountState> {
    const query: BillingAccountQuery = { userId };
    let answer: unknown;
    try {
      answer = await this.rpc.request<unknown>(SUBJECTS.billing.account, query, timeoutMs);
    } catch (error) {
      // This service's own NATS outage is logged by its connection, not as billing's.
      if (!(error instanceof ServiceUnavailableError && error.reason === 'disconnected')) this.billing.failed(error);
      throw new UnavailableError();
    }
    if (!isAccountState(answer)) {
      this.billing.failed('an answer that is not a whole account state');
      throw new UnavailableError();
    }
    this.billing.recovered();
    return answer;
  }
}

const isOneOf = (values: readonly string[], value: unknown) => typeof value === 'string' && values.includes(value);

function isAccountState(value: unknown): value is BillingAccountState {
  if (value === null || typeof value !== 'object') return false;
  const { plan, subscriptionStatus, byok } = value as Partial<Record<keyof BillingAccountState, unknown>>;
  if (!isOneOf(PLANS, plan) || !isOneOf(SUBSCRIPTION_STATUSES, subscriptionStatus)) return false;
  if (byok === null) return true;
  if (typeof byok !== 'object') return false;
  const { provider, apiKey } = byok as Partial<Record<'provider' | 'apiKey', unknown>>;
  return isOneOf(AI_PROVIDERS, provider) && typeof apiKey === 'string' && apiKey.trim() !== '';
}
