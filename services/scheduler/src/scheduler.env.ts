import { CommonEnv, EnvInt, Secret } from '@platform/config';
import { IsString, Matches, ValidateIf } from 'class-validator';

const HTTP_URL = { message: 'must be an http(s) URL' };

export class SchedulerEnv extends CommonEnv {
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /** Public web address: the calendar callback sends the browser to its dashboard. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) APP_URL = 'http://localhost:3000';

  /** Where the calendar provider sends the browser back: `<base>/api/calendar/callback`; APP_URL when empty. */
  @ValidateIf((env: SchedulerEnv) => env.OAUTH_CALLBACK_BASE_URL !== '')
  @Matches(/^https?:\/\/.+/, HTTP_URL)
  OAUTH_CALLBACK_BASE_URL = '';

  /** Seals calendar tokens at rest and keys the OAuth state's signature (libs/secrets): 32 bytes, base64. The calendar needs it. */
  @Secret() @ValidateIf((env: SchedulerEnv) => env.SECRETS_KEY !== '')
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes, base64-encoded' })
  SECRETS_KEY = '';

  /** The platform's OAuth client at the calendar provider; empty: the calendar answers 503 not configured. */
  @IsString() CALENDAR_CLIENT_ID = '';
  @Secret() @IsString() CALENDAR_CLIENT_SECRET = '';

  /** The provider's consent page, token endpoint and API root (the SDK's rootUrl); the sandbox's under npm start and tests. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) CALENDAR_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
  @Matches(/^https?:\/\/.+/, HTTP_URL) CALENDAR_TOKEN_URL = 'https://oauth2.googleapis.com/token';
  @Matches(/^https?:\/\/.+/, HTTP_URL) CALENDAR_API_URL = 'https://www.googleapis.com/';

  /** How long a consent may take: the signed state and its single-use nonce expire after it. */
  @EnvInt(1000) CALENDAR_STATE_TTL_MS = 600_000;
  /** Task runs one scheduler process carries out at once (each mostly waits for its agent's answer). */
  @EnvInt(1) SCHEDULER_RUN_CONCURRENCY = 50;

  /** How long a run waits for the agent's answer: as long as the edge waits for a message to an agent (AI_CHAT_TIMEOUT_MS). */
  @EnvInt(1000) SCHEDULER_MESSAGE_TIMEOUT_MS = 100_000;
}
