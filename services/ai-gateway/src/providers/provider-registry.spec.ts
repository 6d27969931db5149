import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceMetrics } from '@platform/ops';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { ProviderKey } from './provider-key.js';
import { ProviderRegistry } from './provider-registry.js';

const USER_KEY = 'sk-user-own-key-0123456789';
const request = { messages: [{ role: 'user' as const, content: 'Hi' }], maxTokens: 16 };
const completion = { id: 'c-1', choices: [{ message: { content: 'hello' } }], usage: { prompt_tokens: 4, completion_tokens: 1 } };
const message = { id: 'msg-1', content: [{ type: 'text', text: 'hello' }], usage: { input_tokens: 4, output_tokens: 1 } };

describe('ProviderRegistry', () => {
  let vendor: Server;
  let received: { url: string; headers: IncomingHttpHeaders }[];
  /** The status the vendor answers with; 200 is a completion in the protocol of the path asked. */
  let status: number;
  let sut: ProviderRegistry;
  let metrics: ServiceMetrics;

  beforeAll(async () => {
    vendor = createServer((incoming, response) => {
      received.push({ url: incoming.url!, headers: incoming.headers });
      incoming.resume().on('end', () => {
        if (status !== 200) return response.writeHead(status).end('{"error":"refused"}');
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(incoming.url!.endsWith('/messages') ? message : completion));
      });
    });
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  });

  beforeEach(() => {
    received = [];
    status = 200;
    const base = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    metrics = new ServiceMetrics();
    sut = new ProviderRegistry({
      AI_MODEL_TIMEOUT_MS: 2000, AI_BREAKER_RESET_MS: 60_000, AI_BREAKER_ERROR_PERCENT: 1, AI_BREAKER_VOLUME: 1,
      OPENROUTER_BASE_URL: `${base}/openrouter`, OPENROUTER_API_KEY: 'platform-or',
      ANTHROPIC_BASE_URL: `${base}/anthropic`, ANTHROPIC_API_KEY: 'platform-ant', ANTHROPIC_VERSION: '2023-06-01',
      OPENAI_BASE_URL: `${base}/openai`, OPENAI_API_KEY: '',
    } as AiGatewayEnv, metrics);
  });

  afterEach(() => {
    sut.onApplicationShutdown();
  });

  afterAll(async () => {
    vendor.closeAllConnections();
    await new Promise((resolve) => vendor.close(resolve));
  });

  it('sends the platform key without a user key', async () => {
    await sut.complete('openrouter', 'google/gemini-2.5-flash', request);

    expect(received.map(({ url, headers }) => [url, headers.authorization])).toEqual([['/openrouter/chat/completions', 'Bearer platform-or']]);
  });

  it('sends the user key instead, in each protocol\'s own header', async () => {
    const key = new ProviderKey(USER_KEY);

    await expect(sut.complete('openrouter', 'anthropic/claude-haiku-4-5', request, undefined, key)).resolves.toMatchObject({ content: 'hello' });
    await expect(sut.complete('anthropic', 'anthropic/claude-haiku-4-5', request, undefined, key)).resolves.toMatchObject({ content: 'hello' });

    expect(received.map(({ url, headers }) => [url, headers.authorization ?? headers['x-api-key']])).toEqual([
      ['/openrouter/chat/completions', `Bearer ${USER_KEY}`],
      ['/anthropic/v1/messages', USER_KEY],
    ]);
  });

  it('calls a provider the platform has no key for, with the user key', async () => {
    expect(sut.isAvailable('openai')).toBe(false);

    await sut.complete('openai', 'openai/gpt-4o-mini', request, undefined, new ProviderKey(USER_KEY));

    expect(received.map(({ headers }) => headers.authorization)).toEqual([`Bearer ${USER_KEY}`]);
  });

  it.each([401, 503])('leaves the platform breaker closed when the user key call fails with %i, naming no key', async (failure) => {
    status = failure;

    const error = await sut.complete('anthropic', 'anthropic/claude-haiku-4-5', request, undefined, new ProviderKey(USER_KEY)).catch((caught: Error) => caught);

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`answered ${failure}`);
    expect((error as Error).message).not.toContain(USER_KEY);
    expect(sut.isAvailable('anthropic')).toBe(true);
  });

  it('still calls with the user key while the platform calls have opened the breaker', async () => {
    status = 503;
    await expect(sut.complete('anthropic', 'anthropic/claude-haiku-4-5', request)).rejects.toThrow();
    expect(sut.isAvailable('anthropic')).toBe(false);
    status = 200;

    await expect(sut.complete('anthropic', 'anthropic/claude-haiku-4-5', request, undefined, new ProviderKey(USER_KEY))).resolves.toMatchObject({ content: 'hello' });
  });

  it("shows each provider's breaker state and counts its openings", async () => {
    status = 503;
    await expect(sut.complete('anthropic', 'anthropic/claude-haiku-4-5', request)).rejects.toThrow();

    const text = await metrics.text();
    expect(text).toContain('breaker_state{breaker="anthropic"} 2');
    expect(text).toContain('breaker_state{breaker="openrouter"} 0');
    expect(text).toContain('breaker_opens_total{breaker="anthropic"} 1');
    expect(text).toContain('breaker_opens_total{breaker="openrouter"} 0');
  });
});
