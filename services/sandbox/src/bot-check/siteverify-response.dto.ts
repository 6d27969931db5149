import type { TurnstileErrorCode } from './turnstile-error-code.js';

export interface SiteverifyResponse {
  success: boolean;
  'error-codes': TurnstileErrorCode[];
  challenge_ts?: string;
  hostname?: string;
}
