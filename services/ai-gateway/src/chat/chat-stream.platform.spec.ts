import { randomUUID } from 'node:crypto';
import { MONTHLY_TOKEN_QUOTA, QUEUES } from '@platform/contracts';
import {
  postEventStream, queuedJobs, TEST_INTERNAL_API_KEY, TestClient, useAiPlatform, waitFor, type OpenedEventStream,
} from '@platform/testing';
import { quotaKeys } from '../quota/quota-period.js';
import { estimateTokens } from './streamed-usage.js';

const hello = { messages: [{ role: 'user', content: 'Hello there' }] };
/** What the sandbox answers gpt-4o-mini for `hello`, and the usage it reports (as the non-streamed test pins it). */
const ANSWER = 'gpt-4o-mini reply: Hello there';
const VENDOR_USAGE = { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 };

describe('POST /api/ai/chat with stream: true', () => {
  const ai = useAiPlatform({ services: ['ai-gateway'], env: { AI_MODEL_TIMEOUT_MS: '2000', AI_BREAKER_VOLUME: '1000' } });
  const monthOf = (userId: string) => quotaKeys(ai.platform.env.REDIS_PREFIX!, userId, new Date()).month;
  const quotaOf = async (userId: string) => {
    const [used, reserved] = await ai.redis.hmget(monthOf(userId), 'used', 'reserved');
    return { used: Number(used ?? 0), reserved: Number(reserved ?? 0) };
  };
  const subscriber = (plan: string, userId = `user-${randomUUID()}`) => new TestClient(ai.platform.backendUrl, {
    authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, 'x-user-plan': plan, 'x-billing-subscription-id': 'sub_123', 'x-user-id': userId,
  });
  const stream = (client: TestClient, body: object) => postEventStream(client, '/api/ai/chat', { ...body, stream: true });
  const usageJobs = async (userId: string) => (await queuedJobs(ai.platform.env, QUEUES.usageLog)).filter((job) => job.data.userId === userId);
  const textOf = (chunks: any[]) => chunks.filter((chunk) => chunk.choices?.length).map((chunk) => chunk.choices[0].delta.content ?? '').join('');
  /** Reads until `count` pieces of text have arrived (the role chunk first). */
  const readText = async (opened: OpenedEventStream, count: number) => {
    const chunks = [await opened.next()];
    while (chunks.filter((chunk) => chunk.choices?.[0]?.delta?.content).length < count) chunks.push(await opened.next());
    return chunks;
  };

  describe('answers', () => {
    it('streams chat.completion.chunk events with SSE headers, the usage chunk when asked, then [DONE]', async () => {
      const opened = await stream(subscriber('solo'), { ...hello, model: 'openai/gpt-4o-mini', stream_options: { include_usage: true } });
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toBe('text/event-stream');
      expect(opened.headers.get('cache-control')).toBe('no-cache');
      expect(opened.headers.get('x-accel-buffering')).toBe('no');
      const events = await opened.rest();
      const chunk = { id: expect.stringMatching(/^chatcmpl-/), object: 'chat.completion.chunk', created: expect.any(Number), model: 'openai/gpt-4o-mini' };
      expect(events[0]).toEqual({ ...chunk, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
      expect(textOf(events)).toBe(ANSWER);
      expect(events.at(-3)).toEqual({ ...chunk, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      expect(events.at(-2)).toEqual({ ...chunk, choices: [], usage: VENDOR_USAGE });
      expect(events.at(-1)).toBe('[DONE]');
      expect(new Set(events.slice(0, -1).map((event) => event.id)).size).toBe(1);
    });

    it('sends no usage chunk unless stream_options.include_usage', async () => {
      const events = await (await stream(subscriber('solo'), { ...hello, model: 'openai/gpt-4o-mini' })).rest();
      expect(events.filter((event) => event !== '[DONE]' && 'usage' in event)).toEqual([]);
      expect(events.at(-1)).toBe('[DONE]');
    });

    it('relays chunks while the upstream is still answering', async () => {
      await ai.llm.control('gpt-4o-mini', { holdAfterChunks: 2 });
      const opened = await stream(subscriber('solo'), { ...hello, model: 'openai/gpt-4o-mini' });
      const early = await readText(opened, 2);
      expect(textOf(early)).toBe('gpt-');
      expect(await ai.llm.calls()).toEqual([expect.objectContaining({ model: 'gpt-4o-mini', stream: true, durationMs: null })]);
      expect(await ai.llm.release('gpt-4o-mini')).toBe(1);
      expect(textOf([...early, ...(await opened.rest())])).toBe(ANSWER);
    });

    it('translates the messages protocol\'s events into the same chunks', async () => {
      const opened = await stream(subscriber('solo'), { ...hello, model: 'anthropic/claude-haiku-4-5', stream_options: { include_usage: true } });
      const events = await opened.rest();
      expect(events[0]).toMatchObject({ object: 'chat.completion.chunk', model: 'anthropic/claude-haiku-4-5', choices: [{ delta: { role: 'assistant' } }] });
      expect(textOf(events)).toBe('claude-haiku-4-5 reply: Hello there');
      // The vendor's counts: input_tokens from message_start, output_tokens from message_delta.
      expect(events.at(-2)).toMatchObject({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 11, total_tokens: 16 } });
      expect(events.at(-1)).toBe('[DONE]');
      expect(await ai.llm.calls()).toEqual([expect.objectContaining({ vendor: 'anthropic', stream: true })]);
    });

    it('answers a refusal before the stream as an ordinary JSON error', async () => {
      const opened = await stream(subscriber('label'), { ...hello, model: 'openai/gpt-4o' });
      expect(opened.status).toBe(403);
      expect(opened.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await opened.json()).toMatchObject({ code: 'MODEL_RESTRICTED' });
    });
  });

  describe('billing', () => {
    it('records the vendor\'s final usage and settles the quota to it', async () => {
      const userId = `user-${randomUUID()}`;
      await (await stream(subscriber('solo', userId), { ...hello, model: 'openai/gpt-4o-mini' })).rest();
      const jobs = await waitFor(() => usageJobs(userId), (found) => found.length > 0);
      expect(jobs.map((job) => job.data)).toEqual([expect.objectContaining({
        userId, model: 'openai/gpt-4o-mini', provider: 'openai', inputTokens: 5, outputTokens: 9, endpoint: '/api/ai/chat', billedTo: 'platform',
      })]);
      expect(await quotaOf(userId)).toEqual({ used: 14, reserved: 0 });
    });

    it('holds the quota exactly under 50 concurrent streams: the sum of their usage, nothing left reserved', async () => {
      const userId = `user-${randomUUID()}`;
      // Five callers on five IPs: the AI route allows 30 per minute per IP.
      const clients = Array.from({ length: 5 }, () => subscriber('solo', userId));
      const streams = await Promise.all(Array.from({ length: 50 }, (_, index) =>
        stream(clients[index % 5]!, { ...hello, model: 'openai/gpt-4o-mini', stream_options: { include_usage: true } }).then((opened) => opened.rest())));
      const usages = streams.map((events) => events.at(-2).usage.total_tokens as number);
      expect(usages).toEqual(Array(50).fill(VENDOR_USAGE.total_tokens));
      expect(await waitFor(() => quotaOf(userId), (quota) => quota.used === 50 * VENDOR_USAGE.total_tokens)).toEqual({ used: 700, reserved: 0 });
      expect((await waitFor(() => usageJobs(userId), (found) => found.length === 50)).length).toBe(50);
      expect(MONTHLY_TOKEN_QUOTA.solo).toBeGreaterThan(700);
    });
  });

  describe('failures', () => {
    it('falls back to the next model when the first fails before its first piece of text', async () => {
      await ai.llm.control('claude-haiku-4-5', { failAfterChunks: 0 });
      const events = await (await stream(subscriber('collective'), { ...hello, model: 'anthropic/claude-haiku-4-5' })).rest();
      expect(events[0]).toMatchObject({ model: 'anthropic/claude-sonnet-4-5' });
      expect(textOf(events)).toBe('claude-sonnet-4-5 reply: Hello there');
      expect(events.at(-1)).toBe('[DONE]');
      expect((await ai.llm.calls()).map((call) => call.model)).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5']);
    });

    it('falls back when the first model refuses with 500 before streaming', async () => {
      await ai.llm.control('claude-haiku-4-5', { status: 500 });
      const events = await (await stream(subscriber('collective'), { ...hello, model: 'anthropic/claude-haiku-4-5' })).rest();
      expect(textOf(events)).toBe('claude-sonnet-4-5 reply: Hello there');
    });

    it('ends with an error event, without falling back, when the upstream fails after the first byte, and bills what was produced', async () => {
      const userId = `user-${randomUUID()}`;
      await ai.llm.control('gpt-4o-mini', { failAfterChunks: 3 });
      const events = await (await stream(subscriber('solo', userId), { ...hello, model: 'openai/gpt-4o-mini' })).rest();
      expect(events.at(-1)).toEqual({ error: { message: 'AI provider error', type: 'server_error', param: null, code: null } });
      expect(events).not.toContain('[DONE]');
      const produced = textOf(events.slice(0, -1));
      expect(produced).toBe('gpt-4o');
      expect(await ai.llm.calls()).toHaveLength(1);
      const expected = { used: estimateTokens('Hello there') + estimateTokens(produced), reserved: 0 };
      expect(await waitFor(() => quotaOf(userId), (quota) => quota.reserved === 0)).toEqual(expected);
    });

    it('aborts the vendor call and releases the whole reservation when the client hangs up before the first text', async () => {
      const userId = `user-${randomUUID()}`;
      await ai.llm.control('gpt-4o-mini', { holdAfterChunks: 0 });
      const hangUp = new AbortController();
      const request = fetch(`${ai.platform.backendUrl}/api/ai/chat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json', authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, 'x-forwarded-for': '10.9.9.9',
          'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_123', 'x-user-id': userId,
        },
        body: JSON.stringify({ ...hello, model: 'openai/gpt-4o-mini', stream: true }),
        signal: hangUp.signal,
      }).catch((error: unknown) => error);
      await waitFor(() => ai.llm.calls(), (calls) => calls.length === 1);
      expect((await quotaOf(userId)).reserved).toBeGreaterThan(0);
      hangUp.abort();
      await request;
      const [call] = await waitFor(() => ai.llm.calls(), (calls) => calls[0]?.aborted === true);
      expect(call).toMatchObject({ model: 'gpt-4o-mini', aborted: true });
      expect(await waitFor(() => quotaOf(userId), (quota) => quota.reserved === 0)).toEqual({ used: 0, reserved: 0 });
      expect(await usageJobs(userId)).toEqual([]);
    });

    it('aborts the vendor call when the client hangs up, and settles the quota to what was produced', async () => {
      const userId = `user-${randomUUID()}`;
      await ai.llm.control('gpt-4o-mini', { holdAfterChunks: 3 });
      const opened = await stream(subscriber('solo', userId), { ...hello, model: 'openai/gpt-4o-mini' });
      const produced = textOf(await readText(opened, 3));
      await opened.cancel();
      const [call] = await waitFor(() => ai.llm.calls(), (calls) => calls[0]?.aborted === true);
      expect(call).toMatchObject({ model: 'gpt-4o-mini', stream: true, aborted: true });
      const quota = await waitFor(() => quotaOf(userId), (found) => found.reserved === 0 && found.used > 0);
      expect(quota).toEqual({ used: estimateTokens('Hello there') + estimateTokens(produced), reserved: 0 });
      const jobs = await waitFor(() => usageJobs(userId), (found) => found.length > 0);
      expect(jobs[0]!.data).toMatchObject({ inputTokens: estimateTokens('Hello there'), outputTokens: estimateTokens(produced) });
    });
  });
});
