import { CommonEnv, EnvInt } from '@platform/config';
import { Max } from 'class-validator';

export class UsageEnv extends CommonEnv {
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /** The dashboard shows agent ids instead of names when the agents service is slower than this. */
  @EnvInt(1) AGENT_NAMES_TIMEOUT_MS = 1000;

  /** Usage events written per transaction; also how many jobs one worker holds at once. */
  @Max(1000) @EnvInt(1) USAGE_BATCH_SIZE = 100;

  /** A batch that has not filled up is written this long after its first event. */
  @EnvInt(1) USAGE_BATCH_MAX_WAIT_MS = 250;

  /** How long a worker's hold on a job lasts unless renewed; a dead worker's jobs return after it. */
  @EnvInt(1000) USAGE_LOCK_DURATION_MS = 30_000;

  /**
   * How long one metrics answer waits for the aggregates it gathers, each and all together: below the
   * edge's wait for the route (NATS_REQUEST_TIMEOUT_MS), so a slow peer is the spec's 500, not the edge's 502.
   */
  @EnvInt(1) METRICS_QUERY_TIMEOUT_MS = 3000;

  /** A user's storage allowance in GET /api/metrics (MB); the platform's is the volume holding the workspaces. */
  @EnvInt(1) METRICS_USER_STORAGE_MB = 1024;

  /** How often workers look for jobs whose holder died. */
  @EnvInt(500) USAGE_STALLED_INTERVAL_MS = 30_000;
}
