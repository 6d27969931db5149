import { startSandbox, type RunningSandbox } from '../sandbox.js';

describe('sandbox LLM vendors', () => {
  let sandbox: RunningSandbox;
  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const messages = [{ role: 'user', content: 'Hi' }];

  beforeAll(async () => {
    sandbox = await startSandbox();
  });

  afterEach(async () => {
    await fetch(`${sandbox.url}/llm/controls`, { method: 'DELETE' });
  });

  afterAll(async () => {
    await sandbox.close();
  });

  describe('POST /v1/chat/completions (aggregator and OpenAI bases)', () => {
    it.each(['openrouter', 'openai'] as const)('answers a completion with usage at the %s base', async (vendor) => {
      const response = await post(`${sandbox.llm[vendor]}/chat/completions`, { model: 'x/y', messages, max_tokens: 10 }, { authorization: 'Bearer k' });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        object: 'chat.completion', model: 'x/y',
        choices: [{ index: 0, message: { role: 'assistant', content: 'x/y reply: Hi' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10 },
      });
    });

    it('refuses, at the OpenAI base, max_tokens and a temperature or top_p for a reasoning model, in OpenAI\'s error shape', async () => {
      const refusal = async (body: Record<string, unknown>) => {
        const response = await post(`${sandbox.llm.openai}/chat/completions`, { model: 'o3', messages, ...body }, { authorization: 'Bearer k' });
        return { status: response.status, body: await response.json() };
      };
      expect(await refusal({ max_tokens: 10 })).toEqual({ status: 400, body: { error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error', param: 'max_tokens', code: 'unsupported_parameter',
      } } });
      expect(await refusal({ max_completion_tokens: 10, temperature: 0.5 })).toEqual({ status: 400, body: { error: {
        message: "Unsupported value: 'temperature' does not support 0.5 with this model. Only the default (1) value is supported.",
        type: 'invalid_request_error', param: 'temperature', code: 'unsupported_value',
      } } });
      expect((await refusal({ max_completion_tokens: 10, top_p: 0.9 })).status).toBe(400);
    });

    it('takes max_completion_tokens as the limit, and leaves reasoning-model parameters to the aggregator', async () => {
      const direct = await post(`${sandbox.llm.openai}/chat/completions`, { model: 'o3', messages, max_completion_tokens: 2 }, { authorization: 'Bearer k' });
      expect(direct.status).toBe(200);
      expect(await direct.json()).toMatchObject({ choices: [{ message: { content: 'o3 reply' }, finish_reason: 'length' }] });
      const aggregated = await post(`${sandbox.llm.openrouter}/chat/completions`, { model: 'o3', messages, max_tokens: 2, temperature: 0.5 }, {
        authorization: 'Bearer k',
      });
      expect(aggregated.status).toBe(200);
      expect(await (await fetch(`${sandbox.url}/llm/calls`)).json()).toEqual({
        calls: [expect.objectContaining({ vendor: 'openai', maxTokens: 2, apiKey: 'k' }), expect.objectContaining({ vendor: 'openrouter', maxTokens: 2, apiKey: 'k' })],
      });
    });

    it('answers 401 without a bearer key and 400 without messages', async () => {
      expect((await post(`${sandbox.llm.openai}/chat/completions`, { model: 'm', messages }, {})).status).toBe(401);
      expect((await post(`${sandbox.llm.openai}/chat/completions`, { model: 'm', messages: [] }, { authorization: 'Bearer k' })).status).toBe(400);
    });
  });

  describe('POST /v1/messages (direct vendor)', () => {
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };

    it('answers a message with text content and usage, and records the x-api-key it came with', async () => {
      const response = await post(`${sandbox.llm.anthropic}/v1/messages`, { model: 'claude', max_tokens: 2, system: 'Be brief', messages }, headers);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        type: 'message', role: 'assistant', model: 'claude', content: [{ type: 'text', text: 'claude reply' }],
        stop_reason: 'max_tokens', usage: { input_tokens: 9, output_tokens: 2 },
      });
      expect(await (await fetch(`${sandbox.url}/llm/calls`)).json()).toEqual({ calls: [expect.objectContaining({ vendor: 'anthropic', apiKey: 'k' })] });
    });

    it('refuses a temperature above 1, and temperature with top_p on a 4.5 model, in the vendor\'s error shape', async () => {
      const refusal = async (model: string, sampling: Record<string, number>) => {
        const response = await post(`${sandbox.llm.anthropic}/v1/messages`, { model, max_tokens: 5, messages, ...sampling }, headers);
        return { status: response.status, body: await response.json() };
      };
      expect(await refusal('claude-haiku-4-5', { temperature: 1.5 })).toEqual({ status: 400, body: {
        type: 'error', error: { type: 'invalid_request_error', message: 'temperature: Input should be less than or equal to 1' },
      } });
      expect(await refusal('claude-sonnet-4-5', { temperature: 0.5, top_p: 0.9 })).toEqual({ status: 400, body: {
        type: 'error', error: { type: 'invalid_request_error', message: '`temperature` and `top_p` cannot both be specified for this model. Please use only one.' },
      } });
      expect((await refusal('claude-3-5-haiku', { temperature: 0.5, top_p: 0.9 })).status).toBe(200);
      expect((await refusal('claude-opus-4-6', { top_p: 0.9 })).status).toBe(200);
    });

    it('needs x-api-key, anthropic-version and max_tokens', async () => {
      expect((await post(`${sandbox.llm.anthropic}/v1/messages`, { model: 'c', max_tokens: 5, messages }, { 'anthropic-version': 'v' })).status).toBe(401);
      expect((await post(`${sandbox.llm.anthropic}/v1/messages`, { model: 'c', max_tokens: 5, messages }, { 'x-api-key': 'k' })).status).toBe(400);
      expect((await post(`${sandbox.llm.anthropic}/v1/messages`, { model: 'c', messages }, headers)).status).toBe(400);
    });
  });

  describe('controls', () => {
    const control = (model: string, body: unknown) => fetch(`${sandbox.url}/llm/controls/${encodeURIComponent(model)}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const chat = (model: string, signal?: AbortSignal) =>
      fetch(`${sandbox.llm.openrouter}/chat/completions`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: JSON.stringify({ model, messages }), signal,
      });

    it('fails a model with the status set for it, leaving other models alone', async () => {
      expect((await control('a/broken', { status: 503 })).status).toBe(200);
      expect((await chat('a/broken')).status).toBe(503);
      expect((await chat('a/fine')).status).toBe(200);
    });

    it('adds latency, and logs it as the call\'s duration', async () => {
      await control('a/slow', { latencyMs: 150 });
      const started = Date.now();
      await chat('a/slow');
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      const { calls } = (await (await fetch(`${sandbox.url}/llm/calls`)).json()) as { calls: { durationMs: number }[] };
      expect(calls[0].durationMs).toBeGreaterThanOrEqual(149);
    });

    it('hangs until the client gives up', async () => {
      await control('a/hung', { hang: true });
      await expect(chat('a/hung', AbortSignal.timeout(200))).rejects.toThrow();
    });

    it('records the calls and forgets them on reset', async () => {
      await chat('a/one');
      const calls = await (await fetch(`${sandbox.url}/llm/calls`)).json();
      expect(calls).toEqual({ calls: [{ vendor: 'openrouter', model: 'a/one', maxTokens: null, apiKey: 'k', at: expect.any(String), durationMs: expect.any(Number), stream: false, aborted: false,
      }] });
      await fetch(`${sandbox.url}/llm/controls`, { method: 'DELETE' });
      expect(await (await fetch(`${sandbox.url}/llm/calls`)).json()).toEqual({ calls: [] });
    });

    it('refuses a malformed control', async () => {
      expect((await control('a/x', { status: 200 })).status).toBe(400);
      expect((await control('a/x', { latencyMs: -1 })).status).toBe(400);
      expect((await control('a/x', { holdAfterChunks: 'soon' })).status).toBe(400);
    });
  });

  describe('streamed answers', () => {
    const longMessages = [{ role: 'user', content: 'one two three four five' }];
    const control = (model: string, body: unknown) => fetch(`${sandbox.url}/llm/controls/${encodeURIComponent(model)}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const streamChat = (model: string, extra: Record<string, unknown> = {}) =>
      post(`${sandbox.llm.openai}/chat/completions`, { model, messages: longMessages, stream: true, ...extra }, { authorization: 'Bearer k' });
    /** The data lines of an event stream, parsed where they are JSON. */
    const dataOf = (text: string) => text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6))
      .map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
    const calls = async () => ((await (await fetch(`${sandbox.url}/llm/calls`)).json()) as { calls: { aborted: boolean; stream: boolean }[] }).calls;

    it('streams chat completion chunks, the usage chunk when asked, then [DONE]', async () => {
      const response = await streamChat('m', { stream_options: { include_usage: true } });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const data = dataOf(await response.text());
      expect(data[0]).toMatchObject({ object: 'chat.completion.chunk', choices: [{ delta: { role: 'assistant', content: '' } }] });
      const text = data.slice(1, -3).map((chunk) => chunk.choices[0].delta.content).join('');
      expect(text).toBe('m reply: one two three four five');
      expect(data.at(-3)).toMatchObject({ choices: [{ delta: {}, finish_reason: 'stop' }] });
      expect(data.at(-2)).toMatchObject({ choices: [], usage: { prompt_tokens: 8, completion_tokens: 8, total_tokens: 16 } });
      expect(data.at(-1)).toBe('[DONE]');
    });

    it('sends no usage chunk unless asked', async () => {
      const data = dataOf(await (await streamChat('m')).text());
      expect(data.filter((chunk) => chunk !== '[DONE]' && 'usage' in chunk)).toEqual([]);
    });

    it('streams a message as the messages protocol\'s events, with usage in message_start and message_delta', async () => {
      const response = await post(`${sandbox.llm.anthropic}/v1/messages`, { model: 'claude', max_tokens: 50, messages: longMessages, stream: true }, {
        'x-api-key': 'k', 'anthropic-version': '2023-06-01',
      });
      const body = await response.text();
      const events = body.split('\n').filter((line) => line.startsWith('event: ')).map((line) => line.slice(7));
      expect(events.filter((event) => event !== 'content_block_delta')).toEqual([
        'message_start', 'content_block_start', 'ping', 'content_block_stop', 'message_delta', 'message_stop',
      ]);
      const data = dataOf(body);
      expect(data[0]).toMatchObject({ type: 'message_start', message: { usage: { input_tokens: 8 } } });
      expect(data.filter((event) => event.type === 'content_block_delta').map((event) => event.delta.text).join('')).toBe('claude reply: one two three four five');
      expect(data.find((event) => event.type === 'message_delta')).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 8 } });
    });

    it('holds a stream mid-answer until released', async () => {
      await control('held', { holdAfterChunks: 2 });
      const response = await streamChat('held');
      const reader = response.body!.getReader();
      let seen = '';
      while (!seen.includes('reply')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended unheld: ${seen}`);
        seen += new TextDecoder().decode(value);
      }
      const more = reader.read();
      const early = await Promise.race([more.then(() => 'more'), new Promise((resolve) => setTimeout(resolve, 200, 'held'))]);
      expect(early).toBe('held');
      await expect((await fetch(`${sandbox.url}/llm/controls/held/release`, { method: 'POST' })).json()).resolves.toEqual({ released: 1 });
      await more;
      await reader.cancel();
    });

    it('breaks a stream off mid-answer with the protocol\'s error object and no [DONE]', async () => {
      await control('breaks', { failAfterChunks: 3 });
      const data = dataOf(await (await streamChat('breaks')).text());
      expect(data).toHaveLength(5);
      expect(data.at(-1)).toEqual({ error: { message: 'sandbox failure mid-stream for breaks', type: 'server_error', param: null, code: null } });
    });

    it('logs a stream the client hung up on as aborted', async () => {
      await control('left', { holdAfterChunks: 1 });
      const response = await post(`${sandbox.llm.openai}/chat/completions`, { model: 'left', messages, stream: true }, { authorization: 'Bearer k' });
      const reader = response.body!.getReader();
      await reader.read();
      await reader.cancel();
      const deadline = Date.now() + 2000;
      while (!(await calls())[0]?.aborted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await calls()).toEqual([expect.objectContaining({ stream: true, aborted: true, durationMs: null })]);
    });
  });
});
