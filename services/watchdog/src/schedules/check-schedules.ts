import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';

export type CheckPace = 'normal' | 'degraded';

/** One BullMQ job scheduler per watched agent, keyed by the agent id, so there is never a second one. */
@Injectable()
export class CheckSchedules {
  private readonly everyMs: Record<CheckPace, number>;

  constructor(private readonly queues: QueueFactory, @Inject(WATCHDOG_ENV) env: WatchdogEnv) {
    this.everyMs = {
      normal: Math.round(env.WATCHDOG_CHECK_INTERVAL * 1000),
      degraded: Math.round(env.WATCHDOG_DEGRADED_CHECK_INTERVAL * 1000),
    };
  }

  /**
   * A new schedule checks at once; a changed pace starts one interval from now (not at once, which
   * would run a second check beside the one that asked for the change); an unchanged one is left alone.
   */
  async watch(agentId: string, pace: CheckPace, now: number): Promise<'created' | 'changed' | 'unchanged'> {
    const everyMs = this.everyMs[pace];
    const current = await this.queues.scheduler(QUEUES.watchdogCheck, agentId);
    if (current?.everyMs === everyMs) return 'unchanged';
    await this.queues.upsertScheduler(QUEUES.watchdogCheck, agentId, everyMs, { agentId }, current ? now + everyMs : undefined);
    return current ? 'changed' : 'created';
  }

  async unwatch(agentId: string): Promise<boolean> {
    return this.queues.removeScheduler(QUEUES.watchdogCheck, agentId);
  }

  async watched(): Promise<string[]> {
    return (await this.queues.schedulers(QUEUES.watchdogCheck)).map((scheduler) => scheduler.id);
  }
}
