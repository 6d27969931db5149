export const SANDBOX_CONFIG = Symbol('SANDBOX_CONFIG');

export const DEFAULT_BOT_CHECK_SECRET = 'sandbox-bot-check-secret';

export interface SandboxConfig {
  host: string;
  /** 0 picks a free port, so parallel test files never collide. */
  httpPort: number;
  smtpPort: number;
  botCheckSecret: string;
}
