import { EnvPort, Secret, TracingEnv } from '@platform/config';
import { IsNotEmpty, IsString, IsUrl } from 'class-validator';
import {
  DEFAULT_BILLING_WEBHOOK_SECRET, DEFAULT_BILLING_WEBHOOK_URL, DEFAULT_BOT_CHECK_SECRET, DEFAULT_STREAM_WEBHOOK_SECRET, DEFAULT_STREAM_WEBHOOK_URL,
} from './sandbox.config.js';

export class SandboxEnv extends TracingEnv {
  @EnvPort() SANDBOX_PORT = 4600;

  @EnvPort() SANDBOX_SMTP_PORT = 2525;

  @IsString() @IsNotEmpty() SANDBOX_HOST = '127.0.0.1';

  @Secret() @IsString() @IsNotEmpty() SANDBOX_BOT_CHECK_SECRET = DEFAULT_BOT_CHECK_SECRET;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SANDBOX_BILLING_WEBHOOK_URL = DEFAULT_BILLING_WEBHOOK_URL;

  @Secret() @IsString() @IsNotEmpty() SANDBOX_BILLING_WEBHOOK_SECRET = DEFAULT_BILLING_WEBHOOK_SECRET;

  /** Where the streaming provider delivers its events, signed with the platform's STREAM_SIGNING_SECRET. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SANDBOX_STREAM_WEBHOOK_URL = DEFAULT_STREAM_WEBHOOK_URL;

  @Secret() @IsString() @IsNotEmpty() SANDBOX_STREAM_WEBHOOK_SECRET = DEFAULT_STREAM_WEBHOOK_SECRET;
}
