import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import {
  AGENT_MESSAGES as M, ApiError, DEFAULT_HEARTBEAT_FREQUENCY, type HeartbeatReply, type HeartbeatSettingsDto,
  type HeartbeatSettingsView, type SuccessReply,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { AgentEntity } from '../agents/agent.entity.js';
import { frequencyMs } from './heartbeat-frequency.js';
import { HeartbeatSchedules } from './heartbeat-schedules.js';
import { HeartbeatSettingsEntity } from './heartbeat-settings.entity.js';

/**
 * Heartbeat settings per agent (platform-core 4.11), all under the caller's row-level scope. The
 * schedule changes inside the settings' transaction, so a Redis that refuses it saves nothing (503).
 */
@Injectable()
export class HeartbeatService {
  constructor(private readonly db: Db, private readonly schedules: HeartbeatSchedules) {}

  /** Unsaved (or not the caller's) settings read as the defaults: 3h, enabled, never beaten. */
  async get(userId: string, agentId: string): Promise<HeartbeatReply> {
    const saved = isUUID(agentId)
      ? await this.db.withUser(userId, (manager) => manager.findOneBy(HeartbeatSettingsEntity, { agentId }))
      : null;
    return {
      heartbeat: {
        frequency: saved?.frequency ?? DEFAULT_HEARTBEAT_FREQUENCY,
        enabled: saved?.enabled ?? true,
        lastHeartbeat: saved?.lastHeartbeat?.toISOString() ?? null,
        nextHeartbeat: saved?.nextHeartbeat?.toISOString() ?? null,
      },
    };
  }

  /** The agent must be the caller's (404 otherwise); the next beat is now plus the frequency, whatever was due. */
  async save(userId: string, dto: HeartbeatSettingsDto): Promise<{ heartbeat: Required<HeartbeatSettingsView> }> {
    const frequency = dto.frequency ?? DEFAULT_HEARTBEAT_FREQUENCY;
    const enabled = dto.enabled ?? true;
    const now = new Date();
    const next = enabled ? new Date(now.getTime() + frequencyMs(frequency)) : null;
    await this.db.withUser(userId, async (manager) => {
      const owned = isUUID(dto.agentId) && await manager.existsBy(AgentEntity, { id: dto.agentId });
      if (!owned) throw new ApiError(404, M.agentNotFound);
      await manager.upsert(HeartbeatSettingsEntity, {
        agentId: dto.agentId, userId, frequency, enabled, lastHeartbeat: now, nextHeartbeat: next,
      }, ['agentId']);
      await (next ? this.schedules.reschedule(dto.agentId, frequency, next) : this.schedules.remove(dto.agentId));
    });
    return {
      heartbeat: {
        frequency,
        enabled,
        lastHeartbeat: now.toISOString(),
        nextHeartbeat: next?.toISOString() ?? null,
        lastUpdated: now.toISOString(),
      },
    };
  }

  /** Another user's settings are invisible: nothing deleted, and their schedule stays. */
  async delete(userId: string, agentId: string): Promise<SuccessReply> {
    if (!isUUID(agentId)) return { success: true };
    await this.db.withUser(userId, async (manager) => {
      const { affected } = await manager.delete(HeartbeatSettingsEntity, { agentId });
      if (affected) await this.schedules.remove(agentId);
    });
    return { success: true };
  }
}
