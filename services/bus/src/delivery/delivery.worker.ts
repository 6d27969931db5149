import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES, type BusDeliveryJob } from '@platform/contracts';
import { PeriodicSweep, QueueFactory } from '@platform/queue';
import type { Job } from 'bullmq';
import type { BusEnv } from '../bus.env.js';
import { BUS_ENV } from '../bus.tokens.js';
import { signedMessage } from '../messages/message.entity.js';
import type { DeliveryEntity } from './delivery.entity.js';
import { Deliveries } from './deliveries.js';
import { RuntimeDelivery } from './runtime-delivery.js';

/** Copies one sweep queues again, at most. */
const SWEEP_BATCH = 100;

/**
 * The `bus.deliver` job delivers one copy at least once: a runtime that took it but whose answer
 * was lost gets it again, and deduplicates by messageId. Each failure is kept on the copy; after
 * BUS_DELIVERY_ATTEMPTS the copy is dead (BullMQ's backoff spaces the attempts out). A copy
 * outlives its job: every BUS_SWEEP_INTERVAL_MS the copies still queued are queued again, so one
 * whose job Redis lost is delivered all the same.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeps: PeriodicSweep<DeliveryEntity>;

  constructor(
    private readonly queues: QueueFactory,
    private readonly deliveries: Deliveries,
    private readonly runtime: RuntimeDelivery,
    @Inject(BUS_ENV) private readonly env: BusEnv,
  ) {
    this.sweeps = new PeriodicSweep('delivery', new Logger(DeliveryWorker.name),
      () => deliveries.stale(env.BUS_SWEEP_INTERVAL_MS, SWEEP_BATCH), (copy) => deliveries.enqueue(copy));
  }

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.queues.work(QUEUES.busDeliver, (data, job) => this.deliver(data, job), { concurrency: this.env.BUS_DELIVERY_CONCURRENCY });
    this.sweeps.start(this.env.BUS_SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    this.sweeps.stop();
  }

  async deliver({ messageId, recipientAgentId }: BusDeliveryJob, job: Job): Promise<void> {
    const pending = await this.deliveries.pending(messageId, recipientAgentId);
    if (!pending) return;
    try {
      await this.runtime.post(recipientAgentId, signedMessage(pending.message));
    } catch (error) {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await this.deliveries.failed(pending.delivery, error instanceof Error ? error.message : String(error), last);
      throw error;
    }
    await this.deliveries.delivered(pending.delivery);
  }
}
