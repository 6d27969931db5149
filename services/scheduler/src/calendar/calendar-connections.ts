import { Inject, Injectable } from '@nestjs/common';
import { Db } from '@platform/database';
import { secretBoxFromKey, type SecretBox } from '@platform/secrets';
import type { SchedulerEnv } from '../scheduler.env.js';
import { SCHEDULER_ENV } from '../scheduler.tokens.js';
import { CalendarConnectionEntity } from './calendar-connection.entity.js';
import type { ProviderTokens } from './provider-tokens.js';

export interface CalendarConnection {
  calendarId: string;
  timeZone: string;
  tokens: ProviderTokens;
}

/** A sealed token opens only for the user and purpose it was sealed for. */
export const sealContext = (userId: string, kind: 'access' | 'refresh') => `calendar:${userId}:${kind}`;

/** Users' connected calendars; tokens sealed here at once (libs/secrets), never returned by a route or logged. */
@Injectable()
export class CalendarConnections {
  private readonly box: SecretBox | null;

  constructor(@Inject(SCHEDULER_ENV) env: SchedulerEnv, private readonly db: Db) {
    this.box = env.SECRETS_KEY ? secretBoxFromKey(env.SECRETS_KEY) : null;
  }

  async connect(userId: string, calendar: { calendarId: string; timeZone: string }, tokens: ProviderTokens): Promise<void> {
    const sealed = await this.seal(userId, tokens);
    await this.db.withUser(userId, (manager) => manager.upsert(CalendarConnectionEntity, {
      userId, calendarId: calendar.calendarId, timeZone: calendar.timeZone, ...sealed, updatedAt: new Date(),
    }, ['userId']));
  }

  /** After OAuth2Client refreshed the access token: the next call starts from the new one. */
  async saveTokens(userId: string, tokens: ProviderTokens): Promise<void> {
    const sealed = await this.seal(userId, tokens);
    await this.db.withUser(userId, (manager) => manager.update(CalendarConnectionEntity, { userId }, { ...sealed, updatedAt: new Date() }));
  }

  async of(userId: string): Promise<CalendarConnection | null> {
    const row = await this.db.withUser(userId, (manager) => manager.createQueryBuilder(CalendarConnectionEntity, 'connection')
      .addSelect(['connection.sealedAccessToken', 'connection.sealedRefreshToken'])
      .where('connection.userId = :userId', { userId }).getOne());
    if (!row || !this.box) return null;
    return {
      calendarId: row.calendarId,
      timeZone: row.timeZone,
      tokens: {
        accessToken: await this.box.open(row.sealedAccessToken, sealContext(userId, 'access')),
        refreshToken: await this.box.open(row.sealedRefreshToken, sealContext(userId, 'refresh')),
        expiresAt: row.accessExpiresAt,
      },
    };
  }

  private async seal(userId: string, tokens: ProviderTokens) {
    if (!this.box) throw new Error('SECRETS_KEY is not set');
    return {
      sealedAccessToken: await this.box.seal(tokens.accessToken, sealContext(userId, 'access')),
      sealedRefreshToken: await this.box.seal(tokens.refreshToken, sealContext(userId, 'refresh')),
      accessExpiresAt: tokens.expiresAt,
    };
  }
}
