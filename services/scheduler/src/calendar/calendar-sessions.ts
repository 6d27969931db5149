import { Injectable, Logger } from '@nestjs/common';
import type { calendar_v3 } from '@googleapis/calendar';
import { ApiError, CALENDAR_MESSAGES as M } from '@platform/contracts';
import { CalendarConnections, type CalendarConnection } from './calendar-connections.js';
import { CalendarProvider } from './calendar-provider.js';
import { providerFailure, providerStatus } from './provider-failure.js';
import type { ProviderTokens } from './provider-tokens.js';

export interface CalendarSession {
  api: calendar_v3.Calendar;
  connection: CalendarConnection;
}

/** Calls the provider as a connected user: 401 not connected without a connection, refreshed tokens stored before the answer. */
@Injectable()
export class CalendarSessions {
  private readonly logger = new Logger('Calendar');

  constructor(private readonly connections: CalendarConnections, private readonly provider: CalendarProvider) {}

  async run<T>(userId: string, work: (session: CalendarSession) => Promise<T>): Promise<T> {
    this.provider.assertConfigured();
    const connection = await this.connections.of(userId);
    if (!connection) throw new ApiError(401, M.notConnected);
    let refreshed: ProviderTokens | undefined;
    const api = this.provider.api(connection.tokens, (fresh) => {
      refreshed = fresh;
    });
    try {
      return await work({ api, connection });
    } catch (error) {
      const failure = providerFailure(error);
      // The status only: the SDK's error holds the request, and with it the bearer token.
      if (failure.status >= 500) this.logger.warn(`calendar provider call failed (status ${providerStatus(error) ?? 'none'})`);
      throw failure;
    } finally {
      if (refreshed) await this.connections.saveTokens(userId, refreshed);
    }
  }
}
