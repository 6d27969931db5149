import type { Clock } from '../clock.service.js';
import { testSandboxConfig } from '../testing/test-sandbox-config.js';
import { BotCheckService, TOKEN_CAPACITY, TOKEN_TTL_MS } from './bot-check.service.js';

const SECRET = 'secret';

describe('BotCheckService', () => {
  let now: number;
  let sut: BotCheckService;

  beforeEach(() => {
    now = Date.parse('2026-01-01T00:00:00.000Z');
    const clock: Clock = { now: () => now };
    sut = new BotCheckService(testSandboxConfig({ botCheckSecret: SECRET }), clock);
  });

  it('accepts a token at exactly 300 s and reports when its challenge was solved', () => {
    const token = sut.issueToken();
    now += TOKEN_TTL_MS;

    expect(sut.verify({ secret: SECRET, response: token })).toEqual({
      success: true,
      'error-codes': [],
      challenge_ts: '2026-01-01T00:00:00.000Z',
      hostname: 'localhost',
    });
  });

  it('rejects a token 1 ms past 300 s with timeout-or-duplicate', () => {
    const token = sut.issueToken();
    now += TOKEN_TTL_MS + 1;

    expect(sut.verify({ secret: SECRET, response: token })).toEqual({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    });
  });

  it('checks the secret before the token, as Turnstile does', () => {
    expect(sut.verify({})).toEqual({ success: false, 'error-codes': ['missing-input-secret'] });
  });

  it('forgets the oldest token once it holds the maximum', () => {
    const oldest = sut.issueToken();
    for (let index = 0; index < TOKEN_CAPACITY; index++) sut.issueToken();

    expect(sut.verify({ secret: SECRET, response: oldest })).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
  });
});
