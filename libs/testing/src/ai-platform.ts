import { Redis } from 'ioredis';
import { LlmSandbox } from './llm-sandbox.js';
import { TestPlatform, type PlatformOptions } from './platform.js';

/** A platform with the AI layer: the sandbox's LLM vendors to steer, and a Redis client to read quotas with. */
export interface AiPlatform {
  platform: TestPlatform;
  llm: LlmSandbox;
  redis: Redis;
}

/**
 * The AI test files' platform: started before the file's tests (then `started`, for more than the
 * options say), closed after them; the vendors' controls and call log are reset after each test.
 * The object is filled in by the time the tests run.
 */
export function useAiPlatform(options: PlatformOptions, started?: (platform: TestPlatform) => Promise<void>): AiPlatform {
  const ai = {} as AiPlatform;
  beforeAll(async () => {
    ai.platform = await TestPlatform.start(options);
    await started?.(ai.platform);
    ai.llm = new LlmSandbox(ai.platform.sandbox.url);
    ai.redis = new Redis(ai.platform.env.REDIS_URL!);
  });
  afterEach(() => ai.llm.reset());
  afterAll(async () => {
    ai.redis?.disconnect();
    await ai.platform?.close();
  });
  return ai;
}
