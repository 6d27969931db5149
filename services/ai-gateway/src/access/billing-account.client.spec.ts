import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { EVENTS, SUBJECTS, UnavailableError } from '@platform/contracts';
import { RemoteError, ServiceUnavailableError, type EventBus, type RpcClient } from '@platform/messaging';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { BillingAccountClient } from './billing-account.client.js';

const userId = '6f1c2b9e-4a7d-4c1e-9b3a-2d5e8f7a1c40';
const active = { plan: 'solo', subscriptionStatus: 'active', byok: null };

describe('BillingAccountClient', () => {
  let request: jest.Mock<RpcClient['request']>;
  let warned: jest.SpiedFunction<Logger['warn']>;
  let sut: BillingAccountClient;

  beforeEach(() => {
    warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    request = jest.fn<RpcClient['request']>();
    sut = new BillingAccountClient({ request } as unknown as RpcClient, {} as EventBus, { AI_BILLING_CACHE_MS: 1, AI_BILLING_STALE_MS: 1, AI_BILLING_TIMEOUT_MS: 1000 } as AiGatewayEnv);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('asks billing once with the user id and returns its state', async () => {
    const state = { ...active, byok: { provider: 'openrouter', apiKey: 'sk-or-user' } };
    request.mockResolvedValue(state);

    await expect(sut.state(userId)).resolves.toEqual(state);
    expect(request.mock.calls).toEqual([[SUBJECTS.billing.account, { userId }, undefined]]);
  });

  it.each([
    ['nobody listens', new ServiceUnavailableError(SUBJECTS.billing.account, 'no-responders', 'no service listens')],
    ['it is too slow', new ServiceUnavailableError(SUBJECTS.billing.account, 'timeout', 'no answer within 5000 ms')],
    ['it answers an error', new RemoteError(SUBJECTS.billing.account, { status: 'error', message: 'Internal server error' })],
  ])('fails closed with 503 when %s, and logs the outage once', async (_case, error) => {
    request.mockRejectedValue(error);

    await expect(sut.state(userId)).rejects.toBeInstanceOf(UnavailableError);
    await expect(sut.state(userId)).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    expect(warned).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['null', null],
    ['an unknown plan', { ...active, plan: 'gold' }],
    ['an unknown status', { ...active, subscriptionStatus: 'trialing' }],
    ['no byok field', { plan: 'solo', subscriptionStatus: 'active' }],
    ['an unknown provider', { ...active, byok: { provider: 'acme', apiKey: 'sk-x' } }],
    ['an empty key', { ...active, byok: { provider: 'openai', apiKey: ' ' } }],
  ])('fails closed with 503 on a state that is not whole (%s), without logging it', async (_case, answer) => {
    request.mockResolvedValue(answer);

    await expect(sut.state(userId)).rejects.toBeInstanceOf(UnavailableError);
    expect(warned.mock.calls).toEqual([[expect.objectContaining({ msg: 'billing unavailable', cause: 'an answer that is not a whole account state' })]]);
  });

  describe('reusing answers', () => {
    const unreachable = new ServiceUnavailableError(SUBJECTS.billing.account, 'no-responders', 'no service listens');
    let broadcasts: Map<string, (event: { userId: string }) => void>;

    const client = (cacheMs: number, staleMs: number) => {
      broadcasts = new Map();
      const events = { onBroadcast: (subject: string, handler: (event: { userId: string }) => void) => broadcasts.set(subject, handler) };
      const built = new BillingAccountClient({ request } as unknown as RpcClient, events as unknown as EventBus, { AI_BILLING_CACHE_MS: cacheMs, AI_BILLING_STALE_MS: staleMs, AI_BILLING_TIMEOUT_MS: 250 } as AiGatewayEnv);
      built.onApplicationBootstrap();
      return built;
    };

    it('asks billing once while its answer is fresh', async () => {
      const cached = client(60_000, 60_000);
      request.mockResolvedValue(active);
      await cached.state(userId);
      await expect(cached.state(userId)).resolves.toEqual(active);
      expect(request).toHaveBeenCalledTimes(1);
    });

    it.each([EVENTS.billing.planChanged, EVENTS.billing.accountChanged])('asks again once billing announces %s for the user', async (subject) => {
      const cached = client(60_000, 60_000);
      request.mockResolvedValueOnce(active).mockResolvedValueOnce({ ...active, subscriptionStatus: 'canceled' });
      await cached.state(userId);
      broadcasts.get(subject)!({ userId });
      await expect(cached.state(userId)).resolves.toMatchObject({ subscriptionStatus: 'canceled' });
    });

    it('stands on the last answer while billing cannot answer, within the stale time', async () => {
      const cached = client(1, 60_000);
      request.mockResolvedValueOnce(active).mockRejectedValue(unreachable);
      await cached.state(userId);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await expect(cached.state(userId)).resolves.toEqual(active);
    });

    it('waits on billing only AI_BILLING_TIMEOUT_MS when a last answer is on hand to fall back on', async () => {
      const cached = client(1, 60_000);
      request.mockResolvedValue(active);
      await cached.state(userId);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await cached.state(userId);
      expect(request.mock.calls.map((call) => call[2])).toEqual([undefined, 250]);
    });

    it('is 503 past the stale time', async () => {
      const cached = client(1, 2);
      request.mockResolvedValueOnce(active).mockRejectedValue(unreachable);
      await cached.state(userId);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await expect(cached.state(userId)).rejects.toBeInstanceOf(UnavailableError);
    });
  });
});
