import { Injectable, Logger } from '@nestjs/common';
import {
  AI_HEADERS, AI_MESSAGES as M, ApiError, catalogueModel, costMicros, DEFAULT_MAX_TOKENS, ERROR_CODES, MONTHLY_TOKEN_QUOTA,
  ownKeyModelRefused, ROUTES, SUBJECTS, UnavailableError, type AuthContext, type ChatReply, type ChatRequestDto,
} from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { isRedisUnreachable } from '@platform/queue';
import type { AiAccess } from '../access/access-policy.js';
import { allowedModels, isModelAllowed } from '../access/plan-policy.js';
import { QuotaStore, type Reservation } from '../quota/quota.store.js';
import { worstCaseTokens } from '../quota/quota-period.js';
import { SpendCapStore } from '../spend-cap/spend-cap.store.js';
import { worstCaseCostMicros } from '../spend-cap/worst-case-cost.js';
import { UsageRecorder, type UsageFact } from '../usage/usage-recorder.js';
import type { CompletionRequest } from '../providers/chat-provider.js';
import { AdmissionMetrics } from './admission.metrics.js';
import { attemptPlan, ownKeyPlan, ownKeyServes, type Attempt } from './attempt-plan.js';
import { ModelRunner } from './model-runner.js';

/** Usage of a chat that names no agent is billed to this agent id. */
export const DIRECT_AGENT_ID = 'api-chat';

/** usage_logs.user_id and agent_id are varchar(255). */
const BILLING_ID_MAX = 255;

const CHAT_ENDPOINT = ROUTES.find((route) => route.subject === SUBJECTS.ai.chat)!.path;

/** A chat let in: who pays, by which route and key, the models to try, the vendor request, and the quota and spend held for it. */
export interface AdmittedChat {
  userId: string;
  agentId: string;
  endpoint: string;
  apiKeyId?: string;
  ownKey: AiAccess['ownKey'];
  plan: Attempt[];
  request: Omit<CompletionRequest, 'model'>;
  reservation: Reservation | null;
  /** Held against the monthly spend cap of the key that made the call, in micro-dollars. */
  spend: Reservation | null;
  /** performance.now() at admission: the usage row's duration runs from here to the answer. */
  startedAt: number;
}

/** The tokens one chat used, on the model that served it. */
export interface ChatUsage {
  model: string;
  provider: string;
  promptTokens: number;
  completionTokens: number;
}

@Injectable()
export class ChatService {
  private readonly logger = new Logger(ChatService.name);
  private readonly metrics: AdmissionMetrics;

  constructor(
    private readonly runner: ModelRunner,
    private readonly quota: QuotaStore,
    private readonly usage: UsageRecorder,
    private readonly caps: SpendCapStore,
    metrics: ServiceMetrics,
  ) {
    this.metrics = metrics.of(AdmissionMetrics);
  }

  async chat(
    caller: AuthContext, headers: Record<string, string | undefined>, access: AiAccess, dto: ChatRequestDto, endpoint = CHAT_ENDPOINT,
  ): Promise<ChatReply> {
    const admitted = await this.admit(caller, headers, access, dto, endpoint);
    let served;
    try {
      served = await this.runner.run(admitted.plan, admitted.request, admitted.ownKey?.key);
    } catch (error) {
      await this.release(admitted);
      this.failed(admitted, error);
      throw error;
    }
    this.bill(admitted, served);
    return {
      id: served.id,
      model: served.model,
      provider: served.provider,
      message: { role: 'assistant', content: served.content },
      usage: { prompt_tokens: served.promptTokens, completion_tokens: served.completionTokens, total_tokens: served.promptTokens + served.completionTokens },
      timestamp: new Date().toISOString(),
    };
  }

  /**
   * What a whole and a streamed chat share before the first model is called: the body and billing
   * ids checked against the plan and key, the models to try, and the quota and the key's spend cap
   * reserved for the worst case.
   */
  async admit(
    caller: AuthContext, headers: Record<string, string | undefined>, access: AiAccess, dto: ChatRequestDto, endpoint = CHAT_ENDPOINT,
  ): Promise<AdmittedChat> {
    const startedAt = performance.now();
    const agentId = headers[AI_HEADERS.agent]?.trim() || DIRECT_AGENT_ID;
    // Checked before the call: a usage event the usage_logs columns cannot hold would be lost after it.
    if (caller.userId.length > BILLING_ID_MAX || agentId.length > BILLING_ID_MAX) throw new ApiError(400, M.billingIdTooLong);
    if (dto.model && !catalogueModel(dto.model)) throw new ApiError(400, M.unknownModel);
    if (dto.model && !isModelAllowed(access.plan, dto.model)) {
      throw new ApiError(403, M.modelRestricted, { success: false, code: ERROR_CODES.modelRestricted, allowedModels: allowedModels(access.plan) });
    }
    const { ownKey } = access;
    if (dto.model && ownKey && !ownKeyServes(ownKey.provider, dto.model)) throw new ApiError(400, ownKeyModelRefused(ownKey.provider));
    const options = { model: dto.model, taskType: dto.taskType, allowed: (id: string) => isModelAllowed(access.plan, id) };
    const plan = ownKey ? ownKeyPlan(ownKey.provider, options) : attemptPlan(options);
    const maxTokens = dto.max_tokens ?? DEFAULT_MAX_TOKENS;
    const reservation = await this.reserve(caller.userId, access, worstCaseTokens(dto.messages, maxTokens));
    const request = { messages: dto.messages, maxTokens, temperature: dto.temperature, topP: dto.top_p };
    const admitted = { userId: caller.userId, agentId, endpoint, apiKeyId: caller.apiKey?.id, ownKey, plan, request, reservation, spend: null, startedAt };
    // A call on the user's own provider key is paid by the user's provider, not held to the key's cap.
    if (!caller.apiKey || ownKey) return admitted;
    try {
      const worstCase = worstCaseCostMicros(plan.map((attempt) => attempt.model), dto.messages, maxTokens);
      return { ...admitted, spend: await this.caps.reserve(caller.apiKey, worstCase, new Date()) };
    } catch (error) {
      await this.release(admitted);
      throw error;
    }
  }

  /** No model answered: what was held goes back whole. A release Redis refuses is released when its lease expires. */
  async release(admitted: AdmittedChat): Promise<void> {
    for (const held of [admitted.reservation, admitted.spend]) {
      if (held) await this.quota.release(held).catch((failure: unknown) => this.logger.warn(`release failed for ${admitted.userId}: ${reason(failure)}`));
    }
  }

  /**
   * The quota settles to the tokens used, the key's spend to their cost as the usage row prices it,
   * and the usage event is sent. A settlement Redis refuses is retried by the store. Not waited for:
   * until it lands the reservation (the worst case) counts instead, so the month never counts less
   * than it should, and the reply saves a Redis round trip (docs/spec-decisions.md).
   */
  bill(admitted: AdmittedChat, used: ChatUsage): void {
    if (admitted.reservation) void this.quota.settle(admitted.reservation, used.promptTokens + used.completionTokens);
    if (admitted.spend) void this.quota.settle(admitted.spend, costMicros(used.model, used.promptTokens, used.completionTokens));
    this.record(admitted, { model: used.model, provider: used.provider, inputTokens: used.promptTokens, outputTokens: used.completionTokens, outcome: 'ok' });
  }

  /**
   * A chat no model answered is recorded too, at no cost, on the first model of its plan: the
   * metrics' error rate counts it (docs/metrics.md). A refusal (a 4xx: no model allowed, the reader
   * gone) is the caller's, not a failed call.
   */
  failed(admitted: AdmittedChat, error: unknown): void {
    if (error instanceof ApiError && error.status < 500) return;
    const [first] = admitted.plan;
    if (!first) return;
    this.record(admitted, { model: first.model, provider: first.provider, inputTokens: 0, outputTokens: 0, outcome: 'error' });
  }

  private record(admitted: AdmittedChat, call: Pick<UsageFact, 'model' | 'provider' | 'inputTokens' | 'outputTokens' | 'outcome'>): void {
    this.usage.record({
      ...call,
      userId: admitted.userId,
      agentId: admitted.agentId,
      endpoint: admitted.endpoint,
      billedTo: admitted.ownKey ? 'user' : 'platform',
      apiKeyId: admitted.apiKeyId,
      durationMs: Math.round(performance.now() - admitted.startedAt),
    });
  }

  /**
   * Nothing to reserve on an unlimited quota (network, admins), nor for a chat on the user's own
   * key, which the user's provider bills. Fails closed: while Redis cannot count, a counted caller
   * gets 503 rather than chats the quota never sees (the Redis connection logs the outage, once).
   */
  private async reserve(userId: string, access: AiAccess, tokens: number): Promise<Reservation | null> {
    const limit = MONTHLY_TOKEN_QUOTA[access.plan];
    if (limit === null || access.ownKey) return null;
    const outcome = await this.quota.reserve(userId, limit, tokens, new Date()).catch((error: unknown) => {
      if (isRedisUnreachable(error)) throw new UnavailableError(M.quotaUnavailable);
      // Redis answered with an error (a script bug, out of memory): not an outage, and nothing else logs it.
      this.logger.error({ msg: 'Quota reservation failed', userId, cause: reason(error) });
      throw error;
    });
    if (outcome.admitted) return outcome.reservation;
    this.metrics.quotaRejected.inc();
    throw new ApiError(429, M.quotaExceeded, {
      success: false, code: ERROR_CODES.quotaExceeded, limit, used: outcome.used, resetsAt: outcome.resetsAt.toISOString(),
    });
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
