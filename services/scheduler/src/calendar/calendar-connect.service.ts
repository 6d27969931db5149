import { Injectable, Logger } from '@nestjs/common';
import { CALENDAR_DASHBOARD_PATH, type CalendarCallbackError, type Reply } from '@platform/contracts';
import { CalendarConnections } from './calendar-connections.js';
import { CalendarOAuthStates } from './calendar-oauth-states.js';
import { CalendarProvider } from './calendar-provider.js';
import { providerStatus } from './provider-failure.js';
import { isTimeZone } from './zoned-time.js';

type Query = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? undefined : value || undefined);

/** Connect, redirect start and callback (4.3): the consent URL with a signed single-use state, and the code made a connection. */
@Injectable()
export class CalendarConnect {
  private readonly logger = new Logger('Calendar');

  constructor(
    private readonly provider: CalendarProvider,
    private readonly states: CalendarOAuthStates,
    private readonly connections: CalendarConnections,
  ) {}

  async authUrl(userId: string): Promise<string> {
    this.provider.assertConfigured();
    return this.provider.consentUrl(await this.states.issue(userId));
  }

  /**
   * The provider's error first (the user refused), then the state (forged, replayed or expired:
   * `unknown`, nothing stored), then the code. The state is consumed even when the code then fails.
   */
  async callback(query: Query): Promise<Reply> {
    const providerError = single(query.error);
    if (providerError) return dashboard({ error: providerError.slice(0, 100) });
    const state = single(query.state);
    const userId = state ? await this.states.consume(state) : null;
    if (!userId) return dashboard({ error: 'unknown' satisfies CalendarCallbackError });
    const code = single(query.code);
    if (!code) return dashboard({ error: 'no_code' satisfies CalendarCallbackError });
    const tokens = await this.provider.exchange(code).catch((error: unknown) => {
      this.logger.warn(`calendar code exchange refused (status ${providerStatus(error) ?? 'none'})`);
      return null;
    });
    if (!tokens) return dashboard({ error: 'token_failed' satisfies CalendarCallbackError });
    try {
      const { data } = await this.provider.api(tokens, () => undefined).calendarList.get({ calendarId: 'primary' });
      const timeZone = data.timeZone && isTimeZone(data.timeZone) ? data.timeZone : 'UTC';
      await this.connections.connect(userId, { calendarId: data.id ?? 'primary', timeZone }, tokens);
    } catch (error) {
      this.logger.warn(`calendar connection failed after the code exchange (status ${providerStatus(error) ?? 'none'})`);
      return dashboard({ error: 'unknown' satisfies CalendarCallbackError });
    }
    return dashboard({ connected: 'true' });
  }
}

function dashboard(params: Record<string, string>): Reply {
  return { status: 302, redirect: `${CALENDAR_DASHBOARD_PATH}?${new URLSearchParams(params)}` };
}
