import { Injectable, Logger } from '@nestjs/common';
import { Db } from '@platform/database';
import { HeartbeatSchedules } from './heartbeat-schedules.js';
import { HeartbeatSettingsEntity } from './heartbeat-settings.entity.js';

/**
 * At boot: every enabled setting has its schedule, so schedules outlive a Redis that lost its data.
 * A made-again schedule beats first at the saved nextHeartbeat, or at once when that has passed:
 * beats missed meanwhile are made up by one, not one per missed tick. Schedules without settings
 * are not swept here: their next tick finds no settings and removes them.
 */
@Injectable()
export class HeartbeatReconciler {
  private readonly logger = new Logger('Heartbeat');

  constructor(private readonly db: Db, private readonly schedules: HeartbeatSchedules) {}

  async reconcile(now = Date.now()): Promise<void> {
    const enabled = await this.db.asSystem((manager) => manager.findBy(HeartbeatSettingsEntity, { enabled: true }));
    let made = 0;
    for (const settings of enabled) {
      const nextAt = Math.max(settings.nextHeartbeat?.getTime() ?? now, now);
      if (await this.schedules.ensure(settings.agentId, settings.frequency, nextAt)) made += 1;
    }
    this.logger.log(`Reconciled: ${enabled.length} heartbeat(s) enabled, ${made} schedule(s) made again`);
  }
}
