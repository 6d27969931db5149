import { CommonEnv, EnvInt } from '@platform/config';

export class SkillsEnv extends CommonEnv {
  /** Bounds the quick questions a skill asks other services (an agent, an event, a wallet's balance). */
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /**
   * How long a skill waits for the AI layer (three model attempts) or for the wallet's chain
   * transfers (gas, then the escrow's own, each mined): inside the edge's 100 s for a skill.
   */
  @EnvInt(1000) SKILLS_SLOW_CALL_TIMEOUT_MS = 90_000;
}
