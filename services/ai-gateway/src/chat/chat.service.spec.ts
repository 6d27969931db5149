import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { AI_MESSAGES as M, ApiError, type AuthContext } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import type { AiAccess } from '../access/access-policy.js';
import { ProviderKey } from '../providers/provider-key.js';
import type { QuotaStore } from '../quota/quota.store.js';
import type { SpendCapStore } from '../spend-cap/spend-cap.store.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { ModelRunner } from './model-runner.js';
import { ChatService } from './chat.service.js';

const caller = { userId: 'user-1' } as AuthContext;
const solo: AiAccess = { plan: 'solo', admin: false, ownKey: null };
const ownAnthropicKey: AiAccess = { ...solo, ownKey: { provider: 'anthropic', key: new ProviderKey('sk-ant-user') } };
const hello = { messages: [{ role: 'user' as const, content: 'Hello there' }] };
const redisDown = () => Promise.reject(new Error('Connection is closed.'));

describe('ChatService', () => {
  let run: jest.Mock<ModelRunner['run']>;
  let quota: { reserve: jest.Mock<QuotaStore['reserve']>; settle: jest.Mock<QuotaStore['settle']>; release: jest.Mock<QuotaStore['release']> };
  let record: jest.Mock<UsageRecorder['record']>;
  let metrics: ServiceMetrics;
  let sut: ChatService;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    run = jest.fn<ModelRunner['run']>();
    quota = { reserve: jest.fn<QuotaStore['reserve']>(), settle: jest.fn<QuotaStore['settle']>(), release: jest.fn<QuotaStore['release']>() };
    record = jest.fn<UsageRecorder['record']>();
    metrics = new ServiceMetrics();
    sut = new ChatService({ run } as unknown as ModelRunner, quota as unknown as QuotaStore, { record } as unknown as UsageRecorder, {} as SpendCapStore, metrics);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers 503 Quota service unavailable, calling no model, when the quota store cannot reserve', async () => {
    quota.reserve.mockImplementation(redisDown);

    const refused = await sut.chat(caller, {}, solo, hello).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    expect((refused as ApiError).toBody()).toEqual({ error: M.quotaUnavailable });
    expect(run).not.toHaveBeenCalled();
    expect(record).not.toHaveBeenCalled();
  });

  it('answers 429 past the monthly quota, calling no model, and counts the refusal', async () => {
    quota.reserve.mockResolvedValue({ admitted: false, used: 50_000, resetsAt: new Date('2026-12-01T00:00:00Z') });

    await expect(sut.chat(caller, {}, solo, hello)).rejects.toMatchObject({ status: 429 });

    expect(run).not.toHaveBeenCalled();
    expect(await metrics.text()).toContain('ai_admission_rejections_total{reason="quota"} 1');
  });

  it('lets an error Redis answered (not an outage) through as a 500, calling no model', async () => {
    const refusal = new Error("OOM command not allowed when used memory > 'maxmemory'.");
    quota.reserve.mockRejectedValue(refusal);

    await expect(sut.chat(caller, {}, solo, hello)).rejects.toBe(refusal);
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps the provider error when the reservation cannot be released either, and logs the failed call', async () => {
    const reservation = { keys: { month: 'quota-month', leases: 'quota-leases' }, leaseId: 'lease-1', tokens: 1030 };
    quota.reserve.mockResolvedValue({ admitted: true, reservation });
    quota.release.mockImplementation(redisDown);
    run.mockRejectedValue(new ApiError(500, M.providerError));

    await expect(sut.chat(caller, {}, solo, hello)).rejects.toEqual(new ApiError(500, M.providerError));
    expect(quota.release).toHaveBeenCalledWith(reservation);
    // The failure is in the usage log at no cost, for the error rate (docs/spec-decisions.md row 236).
    expect(record).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'error', inputTokens: 0, outputTokens: 0, billedTo: 'platform' }));
  });

  describe('on the user\'s own key', () => {
    const served = { id: 'msg-1', content: 'hi', promptTokens: 5, completionTokens: 3, model: 'anthropic/claude-haiku-4-5', provider: 'anthropic' as const };

    it('reserves and settles no quota, runs every attempt with the key at its provider, and bills the usage to the user', async () => {
      run.mockResolvedValue(served);

      await sut.chat(caller, {}, ownAnthropicKey, { ...hello, model: 'anthropic/claude-haiku-4-5' });

      expect(quota.reserve).not.toHaveBeenCalled();
      expect(quota.settle).not.toHaveBeenCalled();
      expect(run).toHaveBeenCalledWith([{ model: 'anthropic/claude-haiku-4-5', provider: 'anthropic' }], expect.anything(), ownAnthropicKey.ownKey!.key);
      expect(record).toHaveBeenCalledWith(expect.objectContaining({ userId: 'user-1', model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', billedTo: 'user' }));
    });

    it('answers 400 for another vendor\'s model on a direct vendor key, calling no model', async () => {
      const refused = await sut.chat(caller, {}, ownAnthropicKey, { ...hello, model: 'openai/gpt-4o-mini' }).catch((error: unknown) => error);

      expect(refused).toEqual(new ApiError(400, 'Your own anthropic key serves only anthropic models: choose one of them, or leave model out to have one picked'));
      expect(run).not.toHaveBeenCalled();
    });

    it('still answers 403 MODEL_RESTRICTED first for a model outside the plan', async () => {
      await expect(sut.chat(caller, {}, ownAnthropicKey, { ...hello, model: 'anthropic/claude-opus-4-6' })).rejects.toMatchObject({ status: 403 });
    });

    it('passes the provider\'s failure on with nothing to release, the failed call logged as the user\'s', async () => {
      run.mockRejectedValue(new ApiError(500, M.providerError));

      await expect(sut.chat(caller, {}, ownAnthropicKey, hello)).rejects.toEqual(new ApiError(500, M.providerError));
      expect(quota.release).not.toHaveBeenCalled();
      expect(record).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'error', inputTokens: 0, outputTokens: 0, billedTo: 'user' }));
    });
  });
});
