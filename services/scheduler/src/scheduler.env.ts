import { CommonEnv, EnvInt } from '@platform/config';

export class SchedulerEnv extends CommonEnv {
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /** Task runs one scheduler process carries out at once (each mostly waits for its agent's answer). */
  @EnvInt(1) SCHEDULER_RUN_CONCURRENCY = 50;

  /** How long a run waits for the agent's answer: as long as the edge waits for a message to an agent (AI_CHAT_TIMEOUT_MS). */
  @EnvInt(1000) SCHEDULER_MESSAGE_TIMEOUT_MS = 100_000;
}
