import { loadEnv } from '@platform/config';
import { SummarizerEnv } from './summarizer.env.js';

describe('SummarizerEnv', () => {
  it("defaults to spec section 8's 10 s for the whole fetch of a page", () => {
    const sut = loadEnv(SummarizerEnv, {});

    expect(sut.SUMMARIZER_TIMEOUT_MS).toBe(10_000);
  });
});
