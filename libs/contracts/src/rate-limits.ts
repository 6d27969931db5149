/**
 * Rate-limit groups (platform-core section 8). Counted per client IP in Redis.
 * Register, login (wallet sign-in too), nonce, gate-token, forgot, reset, demo chat, data feeds, the summarizer and skill use have no numbers in the spec: ours are in docs/spec-decisions.md.
 */
export interface RateLimitRule {
  points: number;
  durationSec: number;
  message: string;
  /**
   * 'exact': the request waits for Redis's count, so the limit holds to the request across gateway
   * replicas (guessing and costly work). 'eventual': counted in the replica's memory and added to
   * Redis after the turn, so a replica learns the others' counts one round trip late and a window may
   * admit a request or so per replica past the limit (traffic limits; docs/spec-decisions.md row 264).
   */
  acrossReplicas: 'exact' | 'eventual';
}

const SLOW_DOWN = 'Too many requests, please slow down.';

export const RATE_LIMITS = {
  backendGeneral: { points: 120, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'eventual' },
  backendAi: { points: 30, durationSec: 60, message: 'AI rate limit exceeded.', acrossReplicas: 'eventual' },
  deployments: { points: 5, durationSec: 60, message: 'Deployment rate limit exceeded.', acrossReplicas: 'exact' },
  webGateway: { points: 100, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'eventual' },
  webAgents: { points: 100, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'eventual' },
  webChat: { points: 60, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'eventual' },
  webInstance: { points: 30, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'eventual' },
  webProvision: { points: 5, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'exact' },
  register: { points: 5, durationSec: 3600, message: SLOW_DOWN, acrossReplicas: 'exact' },
  login: { points: 10, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'exact' },
  authNonce: { points: 30, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'exact' },
  gateToken: { points: 60, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'exact' },
  forgotPassword: { points: 3, durationSec: 900, message: SLOW_DOWN, acrossReplicas: 'exact' },
  resetPassword: { points: 5, durationSec: 900, message: SLOW_DOWN, acrossReplicas: 'exact' },
  demoChat: { points: 10, durationSec: 60, message: 'Too many requests', acrossReplicas: 'exact' },
  datafeeds: { points: 120, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'eventual' },
  summarizer: { points: 30, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'eventual' },
  skills: { points: 120, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'eventual' },
  radioStreams: { points: 10, durationSec: 60, message: SLOW_DOWN, acrossReplicas: 'exact' },
  generateVideo: { points: 30, durationSec: 3600, message: SLOW_DOWN, acrossReplicas: 'exact' },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitGroup = keyof typeof RATE_LIMITS;
