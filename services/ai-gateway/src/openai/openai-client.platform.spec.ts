import OpenAI from 'openai';
import { randomInt } from 'node:crypto';
import { PLAN_MODELS } from '@platform/contracts';
import { ownerQuery, TestPlatform, waitFor } from '@platform/testing';

const messages = [{ role: 'user' as const, content: 'Hello there' }];

/** The official `openai` client pointed at the public gateway: what a customer's program runs. */
describe('the openai npm client against /api/v1/gateway', () => {
  let platform: TestPlatform;

  /** A key of a user on `plan` (or none), capped at `monthlySpendCap` USD when given, in a client from an address of its own. */
  const clientFor = async (plan: 'label' | 'solo' | null, monthlySpendCap?: number): Promise<OpenAI> => (await keyedClient(plan, monthlySpendCap)).openai;
  const keyedClient = async (plan: 'label' | 'solo' | null, monthlySpendCap?: number) => {
    const user = await platform.newUser();
    if (plan) await platform.setPlan(user, plan);
    const made = await user.client.post('/api/keys', { name: 'sdk', monthlySpendCap });
    return { openai: keyClient(made.body.key), keyId: made.body.id as string };
  };
  const keyClient = (apiKey: string) => new OpenAI({
    apiKey,
    baseURL: `${platform.webUrl}/api/v1/gateway`,
    maxRetries: 0,
    defaultHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'usage', 'ai-gateway'] });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('creates a chat completion', async () => {
    const completion = await (await clientFor('solo')).chat.completions.create({ model: 'openai/gpt-4o-mini', messages, max_tokens: 50 });

    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('openai/gpt-4o-mini');
    expect(completion.choices[0]!.message).toEqual({ role: 'assistant', content: expect.stringContaining('Hello there') });
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
  });

  it('lists the models of the key owner\'s plan', async () => {
    const ids: string[] = [];
    for await (const model of (await clientFor('label')).models.list()) ids.push(model.id);

    expect(ids.sort()).toEqual([...(PLAN_MODELS.label as string[])].sort());
  });

  it('raises AuthenticationError for a key the platform does not know', async () => {
    const error = await keyClient('sk_unknown-0123456789abcdef').chat.completions.create({ model: 'openai/gpt-4o-mini', messages }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it('raises PermissionDeniedError for a model outside the plan', async () => {
    const error = await (await clientFor('label')).chat.completions.create({ model: 'anthropic/claude-opus-4-6', messages }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'model_restricted' });
  });

  it('raises NotFoundError for a model that does not exist', async () => {
    const error = await (await clientFor('solo')).chat.completions.create({ model: 'openai/gpt-9', messages }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'model_not_found' });
  });

  it('raises RateLimitError with insufficient_quota for a key at its spend cap', async () => {
    const error = await (await clientFor('solo', 0)).chat.completions.create({ model: 'openai/gpt-4o-mini', messages }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
  });

  it('raises an APIError with status 402 and plan_required for an owner without a paid plan', async () => {
    const error = await (await clientFor(null)).chat.completions.create({ model: 'openai/gpt-4o-mini', messages }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error).toMatchObject({ status: 402, code: 'plan_required' });
  });

  it('streams a chat completion chunk by chunk, ending with the usage chunk asked for', async () => {
    const stream = await (await clientFor('solo')).chat.completions.create({
      model: 'openai/gpt-4o-mini', messages, max_tokens: 50, stream: true, stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);

    const texts = chunks.map((chunk) => chunk.choices[0]?.delta.content).filter(Boolean);
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join('')).toContain('Hello there');
    const usage = chunks.at(-1)!.usage!;
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('bills a streamed call on its key with the tokens the vendor reported', async () => {
    const { openai, keyId } = await keyedClient('solo');
    const stream = await openai.chat.completions.create({ model: 'openai/gpt-4o-mini', messages, stream: true, stream_options: { include_usage: true } });
    let usage;
    for await (const chunk of stream) usage = chunk.usage ?? usage;

    const rows = await waitFor(() => ownerQuery<{ input_tokens: number; output_tokens: number }>(
      platform.env, 'SELECT input_tokens, output_tokens FROM usage.usage_logs WHERE api_key_id = $1', [keyId]), (found) => found.length > 0);
    expect(rows).toEqual([{ input_tokens: usage!.prompt_tokens, output_tokens: usage!.completion_tokens }]);
  });

  it('raises APIError from a stream when the request is refused before it starts', async () => {
    const error = await (await clientFor('label')).chat.completions.create({ model: 'anthropic/claude-opus-4-6', messages, stream: true }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
  });
});
