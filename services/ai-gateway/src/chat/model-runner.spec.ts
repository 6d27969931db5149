import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { AI_MESSAGES as M } from '@platform/contracts';
import { BreakerOpenError } from '@platform/http';
import { ProviderError, type Completion, type StreamEvent } from '../providers/chat-provider.js';
import { ProviderKey } from '../providers/provider-key.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import type { ProviderRegistry } from '../providers/provider-registry.js';
import type { Attempt } from './attempt-plan.js';
import { ModelRunner } from './model-runner.js';

const BUDGET_MS = 150;
const request = { messages: [{ role: 'user' as const, content: 'Hi' }], maxTokens: 16 };
const answer: Completion = { id: 'c-1', content: 'hello', promptTokens: 4, completionTokens: 1 };
const plan: Attempt[] = [
  { model: 'anthropic/claude-sonnet-4-5', provider: 'anthropic' },
  { model: 'meta-llama/llama-3.3-70b-instruct', provider: 'openrouter' },
  { model: 'google/gemini-2.5-flash', provider: 'openrouter' },
  { model: 'mistralai/mistral-large', provider: 'openrouter' },
];

describe('ModelRunner', () => {
  let complete: jest.Mock<ProviderRegistry['complete']>;
  let sut: ModelRunner;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    complete = jest.fn<ProviderRegistry['complete']>();
    sut = new ModelRunner({ isAvailable: () => true, complete } as unknown as ProviderRegistry, { AI_CHAT_BUDGET_MS: BUDGET_MS } as AiGatewayEnv);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('skips a provider whose half-open breaker refuses at once, without counting it as an attempt', async () => {
    complete
      .mockRejectedValueOnce(new BreakerOpenError('anthropic breaker is open'))
      .mockRejectedValueOnce(new ProviderError('openrouter answered 400'))
      .mockRejectedValueOnce(new ProviderError('openrouter answered 400'))
      .mockResolvedValueOnce(answer);

    await expect(sut.run(plan, request)).resolves.toEqual({ ...answer, model: 'mistralai/mistral-large', provider: 'openrouter' });
    expect(complete).toHaveBeenCalledTimes(4);
  });

  it('answers 404 No models available when every breaker refused', async () => {
    complete.mockRejectedValue(new BreakerOpenError('breaker is open'));

    await expect(sut.run(plan, request)).rejects.toMatchObject({ status: 404, message: M.noModels });
  });

  it('ends the running attempt and starts no other once AI_CHAT_BUDGET_MS is spent', async () => {
    complete.mockImplementation((_provider, _model, _request, deadline) => new Promise((_resolve, reject) => {
      deadline!.addEventListener('abort', () => reject(deadline!.reason));
    }));
    const started = Date.now();

    await expect(sut.run(plan, request)).rejects.toMatchObject({ status: 500, message: M.providerError });
    expect(Date.now() - started).toBeGreaterThanOrEqual(BUDGET_MS - 5);
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('calls with the user\'s key even where the platform could not (no key of its own, breaker open), and logs no key', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const key = new ProviderKey('sk-user-secret');
    sut = new ModelRunner({ isAvailable: () => false, complete } as unknown as ProviderRegistry, { AI_CHAT_BUDGET_MS: BUDGET_MS } as AiGatewayEnv);
    complete.mockRejectedValueOnce(new ProviderError('anthropic answered 401 for claude-sonnet-4-5')).mockResolvedValueOnce(answer);

    await expect(sut.run(plan, request, key)).resolves.toMatchObject({ model: 'meta-llama/llama-3.3-70b-instruct' });
    expect(complete.mock.calls.map((call) => call[4])).toEqual([key, key]);
    expect(warned.mock.calls).toEqual([[expect.stringContaining("anthropic/claude-sonnet-4-5 on anthropic with the user's own key failed")]]);
    expect(JSON.stringify(warned.mock.calls)).not.toContain('sk-user-secret');
  });

  describe('open (a streamed chat)', () => {
    let stream: jest.Mock<ProviderRegistry['stream']>;

    /** A vendor stream that yields these events, then fails with `failure` if given. */
    async function* events(list: StreamEvent[], failure?: Error): AsyncGenerator<StreamEvent[]> {
      for (const event of list) yield [event];
      if (failure) throw failure;
    }

    beforeEach(() => {
      stream = jest.fn<ProviderRegistry['stream']>();
      sut = new ModelRunner({ isAvailable: () => true, stream } as unknown as ProviderRegistry, { AI_CHAT_BUDGET_MS: BUDGET_MS } as AiGatewayEnv);
    });

    it('falls back when a stream fails before its first text, and keeps what came before the text', async () => {
      stream
        .mockResolvedValueOnce(events([{ type: 'usage', promptTokens: 4 }], new ProviderError('stream error: overloaded')))
        .mockResolvedValueOnce(events([{ type: 'usage', promptTokens: 5 }, { type: 'text', text: 'Hel' }, { type: 'text', text: 'lo' }]));

      const opened = await sut.open(plan, request, new AbortController().signal);

      expect(opened).toMatchObject({ model: 'meta-llama/llama-3.3-70b-instruct', early: [{ type: 'usage', promptTokens: 5 }, { type: 'text', text: 'Hel' }] });
      await expect(opened.rest.next()).resolves.toEqual({ done: false, value: [{ type: 'text', text: 'lo' }] });
    });

    it('makes no further attempt once the caller has left, and fails with the reason it left with', async () => {
      const left = new AbortController();
      stream.mockImplementation(async () => {
        left.abort(new Error('the reader left'));
        throw new ProviderError('aborted');
      });

      await expect(sut.open(plan, request, left.signal)).rejects.toThrow('the reader left');
      expect(stream).toHaveBeenCalledTimes(1);
    });
  });
});
