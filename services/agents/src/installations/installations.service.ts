import { Inject, Injectable } from '@nestjs/common';
import {
  AGENT_MESSAGES as M, type InstallationHeartbeatReply, type InstallationList, type InstallationMode, type InstallationRegistered,
  type InstallationView, type RegisterInstallationDto,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { installationStatus } from './installation-status.js';
import { InstallationEntity } from './installation.entity.js';

/** Self-hosted installations (extended-services 4.4); bearer routes and the open heartbeat, all system work. */
@Injectable()
export class InstallationsService {
  constructor(private readonly db: Db, @Inject(AGENTS_ENV) private readonly env: AgentsEnv) {}

  async register(dto: RegisterInstallationDto, defaultMode: InstallationMode): Promise<InstallationRegistered> {
    const now = new Date();
    await this.db.asSystem((manager) => manager.upsert(InstallationEntity, {
      userId: dto.userId.trim(),
      mode: dto.mode ?? defaultMode,
      gatewayToken: dto.gatewayToken ?? null,
      registeredAt: now,
      lastSeen: now,
    }, ['userId']));
    return { success: true, message: M.installationRegistered, dashboardUrl: `${this.env.APP_URL}/dashboard` };
  }

  async list(): Promise<InstallationList> {
    const rows = await this.db.asSystem((manager) => manager.find(InstallationEntity, { order: { registeredAt: 'DESC' } }));
    const now = new Date();
    const installations = rows.map((row): InstallationView => ({
      user_id: row.userId,
      mode: row.mode,
      registered_at: row.registeredAt.toISOString(),
      last_seen: row.lastSeen.toISOString(),
      status: installationStatus(row.lastSeen, now, this.env.INSTALLATION_STALE_MS),
    }));
    return { success: true, count: installations.length, installations };
  }

  /** Unauthenticated: an unknown or missing userId changes nothing and still gets the acknowledgement. */
  /** An id with a NUL names no installation (registration refuses it) and PostgreSQL would refuse the lookup. */
  async heartbeat(userId: unknown): Promise<InstallationHeartbeatReply> {
    const now = new Date();
    if (typeof userId === 'string' && userId.trim() && !userId.includes('\u0000')) {
      await this.db.asSystem((manager) => manager.update(InstallationEntity, { userId: userId.trim() }, { lastSeen: now }));
    }
    return { success: true, timestamp: now.toISOString() };
  }
}
