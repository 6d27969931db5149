import { loadEnv } from '@platform/config';
import { FeedsEnv } from './feeds.env.js';

describe('FeedsEnv', () => {
  it("defaults to spec section 8's 10 s per feed call, and ours for the soul service (decision 177)", () => {
    const sut = loadEnv(FeedsEnv, {});

    expect(sut).toMatchObject({ FEEDS_UPSTREAM_TIMEOUT_MS: 10_000, FEEDS_SOUL_TIMEOUT_MS: 5000 });
  });
});
