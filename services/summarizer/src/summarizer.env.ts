import { CommonEnv, EnvInt } from '@platform/config';
import { SUMMARIZER_LIMITS } from '@platform/contracts';
import { IsString } from 'class-validator';

export class SummarizerEnv extends CommonEnv {
  /** The summarizer asks no other service; its messaging still needs a request timeout. */
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /**
   * Hosts the summarizer may fetch although they are private (comma-separated `host` or `host:port`):
   * the sandbox's pages under npm start and tests. Empty in production: public addresses only.
   */
  @IsString() SUMMARIZER_ALLOWED_HOSTS = '';
  /** The whole fetch of one page, redirects included (extended-services 8: 10 s). */
  @EnvInt(1) SUMMARIZER_TIMEOUT_MS = SUMMARIZER_LIMITS.timeoutMs;
  /** Threads parsing fetched pages (pages/page-parser.ts); one is always up. */
  @EnvInt(1) SUMMARIZER_PARSE_THREADS = 2;
  /** GET /'s `payment`: where a payment would go. The summarizer asks for none at present (docs/feeds.md). */
  @IsString() SUMMARIZER_PAYMENT_NETWORK = 'base-sepolia';
  @IsString() SUMMARIZER_PAY_TO = '';
}
