/**
 * Rate-limit groups (platform-core section 8). Counted per client IP in Redis.
 * Register, login (wallet sign-in too), nonce, gate-token, forgot, reset, demo chat, data feeds, the summarizer and skill use have no numbers in the spec: ours are in docs/spec-decisions.md.
 */
export interface RateLimitRule {
  points: number;
  durationSec: number;
  message: string;
}

const SLOW_DOWN = 'Too many requests, please slow down.';

export const RATE_LIMITS = {
  backendGeneral: { points: 120, durationSec: 60, message: SLOW_DOWN },
  backendAi: { points: 30, durationSec: 60, message: 'AI rate limit exceeded.' },
  deployments: { points: 5, durationSec: 60, message: 'Deployment rate limit exceeded.' },
  webGateway: { points: 100, durationSec: 60, message: SLOW_DOWN },
  webAgents: { points: 100, durationSec: 60, message: SLOW_DOWN },
  webChat: { points: 60, durationSec: 60, message: SLOW_DOWN },
  webInstance: { points: 30, durationSec: 60, message: SLOW_DOWN },
  webProvision: { points: 5, durationSec: 60, message: SLOW_DOWN },
  register: { points: 5, durationSec: 3600, message: SLOW_DOWN },
  login: { points: 10, durationSec: 60, message: SLOW_DOWN },
  authNonce: { points: 30, durationSec: 60, message: SLOW_DOWN },
  gateToken: { points: 60, durationSec: 60, message: SLOW_DOWN },
  forgotPassword: { points: 3, durationSec: 900, message: SLOW_DOWN },
  resetPassword: { points: 5, durationSec: 900, message: SLOW_DOWN },
  demoChat: { points: 10, durationSec: 60, message: 'Too many requests' },
  datafeeds: { points: 120, durationSec: 60, message: SLOW_DOWN },
  summarizer: { points: 30, durationSec: 60, message: SLOW_DOWN },
  skills: { points: 120, durationSec: 60, message: SLOW_DOWN },
  radioStreams: { points: 10, durationSec: 60, message: SLOW_DOWN },
  generateVideo: { points: 30, durationSec: 3600, message: SLOW_DOWN },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitGroup = keyof typeof RATE_LIMITS;
