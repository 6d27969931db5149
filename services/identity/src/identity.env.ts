import { CommonEnv, EnvInt, Secret } from '@platform/config';
import { IsOptional, IsString, Matches } from 'class-validator';

export class IdentityEnv extends CommonEnv {
  /** Comma-separated, compared case-insensitively; these users get isAdmin. */
  @IsString() ADMIN_EMAILS = '';

  /** When set, registration also needs a bot-check token that BOT_CHECK_VERIFY_URL accepts. */
  @Secret() @IsString() BOT_CHECK_SECRET = '';

  @IsOptional() @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' })
  BOT_CHECK_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

  @Matches(/^smtps?:\/\/.+/, { message: 'must be an smtp:// URL' })
  SMTP_URL = 'smtp://127.0.0.1:2525';

  @IsString() MAIL_FROM = 'Platform <no-reply@platform.local>';

  /** Public web address; reset links point here. */
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' })
  APP_URL = 'http://localhost:3000';

  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;
}
