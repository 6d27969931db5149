import { Injectable } from '@nestjs/common';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { frequencyMs } from './heartbeat-frequency.js';

/**
 * One BullMQ job scheduler per agent with enabled heartbeat settings, keyed by the agent id, so
 * there is never a second one, and each tick is one job whichever replica's worker takes it.
 */
@Injectable()
export class HeartbeatSchedules {
  constructor(private readonly queues: QueueFactory) {}

  /** Settings saved: the next beat is `nextAt` (now plus the frequency), whatever was due before. */
  async reschedule(agentId: string, frequency: string, nextAt: Date): Promise<void> {
    await this.queues.replaceScheduler(QUEUES.agentsHeartbeat, agentId, frequencyMs(frequency), { agentId }, nextAt.getTime());
  }

  /**
   * A missing schedule is made again, first beating at `nextAt`; an existing one is left as it is
   * (whatever saved it since the settings were read is newer). Returns whether one was made.
   */
  async ensure(agentId: string, frequency: string, nextAt: number): Promise<boolean> {
    if (await this.queues.scheduler(QUEUES.agentsHeartbeat, agentId)) return false;
    await this.queues.upsertScheduler(QUEUES.agentsHeartbeat, agentId, frequencyMs(frequency), { agentId }, nextAt);
    return true;
  }

  async remove(agentId: string): Promise<void> {
    await this.queues.removeScheduler(QUEUES.agentsHeartbeat, agentId);
  }

  /** When the scheduler fires next; null without one. */
  async nextAt(agentId: string): Promise<Date | null> {
    const nextAt = await this.queues.nextRunAt(QUEUES.agentsHeartbeat, agentId);
    return nextAt === null ? null : new Date(nextAt);
  }
}
