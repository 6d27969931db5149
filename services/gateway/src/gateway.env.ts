import { CommonEnv, EnvBoolean, EnvInt, EnvPort, Secret } from '@platform/config';
import { IsString, Matches } from 'class-validator';
import { GATEWAY_HOSTS_PATTERN, HOSTABLE_SERVICES } from './hosting/hosted-services.js';

export class GatewayEnv extends CommonEnv {
  @EnvPort() WEB_PORT = 3000;
  @EnvPort() BACKEND_PORT = 4000;
  @EnvPort() SUMMARIZER_PORT = 3100;
  @IsString() HOST = '127.0.0.1';

  /** Shared bearer key of the backend surface. Empty is allowed at boot: such routes answer 500 "Server misconfigured". */
  @Secret() @IsString() INTERNAL_API_KEY = '';

  /** Trust X-Forwarded-For from a proxy in front, so rate limits count the real client. */
  @EnvBoolean() TRUST_PROXY = false;

  /** How long a resolved session or API key is reused before identity is asked again. */
  @EnvInt(0) SESSION_CACHE_TTL_MS = 5000;

  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /** How long GET /health waits for the agents service before reporting it unavailable. */
  @EnvInt(1) HEALTH_PROBE_TIMEOUT_MS = 1000;

  @EnvBoolean() SECURE_COOKIES = false;

  /** Other origins allowed to send cookie-authenticated writes (comma-separated), e.g. a separate front end. */
  @IsString() TRUSTED_ORIGINS = '';

  /** Names the hosting provider in GET /health when the agents service does not answer. */
  @IsString() HOSTING_PROVIDER = 'local';

  /**
   * Services this process hosts and calls without NATS, comma-separated (hosting/hosted-services.ts);
   * empty by default: every service its own process. `ai-gateway` takes a chat's two NATS hops off
   * its way, `identity` those of the session and key routes.
   */
  @IsString()
  @Matches(GATEWAY_HOSTS_PATTERN, { message: `may be empty or a comma-separated list of ${HOSTABLE_SERVICES.map((name) => `"${name}"`).join(', ')}` })
  GATEWAY_HOSTS = '';

  /** The built web app (apps/web, `vite build`) the web surface serves; relative to the working directory. */
  @IsString() WEB_DIST_DIR = 'apps/web/dist';
}
