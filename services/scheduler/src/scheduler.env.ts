import { CommonEnv, EnvInt } from '@platform/config';

export class SchedulerEnv extends CommonEnv {
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;
}
