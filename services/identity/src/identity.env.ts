import { SANDBOX_GATE_TOKEN } from '@platform/chain';
import { CommonEnv, EnvBoolean, EnvInt, Secret } from '@platform/config';
import { IsOptional, IsString, Matches, ValidateIf } from 'class-validator';

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

  /** How long a key listing waits for the usage service's spend per key before showing null. */
  @EnvInt(1) KEY_SPEND_TIMEOUT_MS = 1000;

  /** Wallet sign-in's chain: the stablecoin network's testnet (42431) when true, its mainnet (4217) otherwise. */
  @EnvBoolean() NETWORK_TESTNET = true;

  /** JSON-RPC of the stablecoin network NETWORK_TESTNET picks: smart-wallet signatures are checked there. */
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' })
  NETWORK_RPC_URL = 'http://127.0.0.1:4600/chain/42431';

  /** JSON-RPC of base-sepolia, where the gate token lives. */
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' })
  BASE_RPC_URL = 'http://127.0.0.1:4600/chain/84532';

  /** The gate token (an ERC-20 on base-sepolia); the sandbox's by default. */
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'must be a 0x-prefixed 20-byte address' })
  GATE_TOKEN_ADDRESS = SANDBOX_GATE_TOKEN.address;

  /** Holding at least this many whole tokens (a decimal string) passes the gate-token check. */
  @Matches(/^\d+(\.\d+)?$/, { message: 'must be a decimal number of tokens' })
  GATE_TOKEN_MIN_BALANCE = '1';

  /** Seals provider refresh tokens and the sign-in state cookie (libs/secrets): 32 bytes, base64. External sign-in needs it. */
  @Secret() @ValidateIf((env: IdentityEnv) => env.SECRETS_KEY !== '')
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes, base64-encoded' })
  SECRETS_KEY = '';

  /** Where the providers send the browser back: `<base>/api/auth/idp/callback`; APP_URL when empty. */
  @ValidateIf((env: IdentityEnv) => env.OAUTH_CALLBACK_BASE_URL !== '')
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' })
  OAUTH_CALLBACK_BASE_URL = '';

  /** The identity provider's issuer, with its trailing slash (security events must name it exactly). */
  @Matches(/^https?:\/\/.+\/$/, { message: 'must be an http(s) URL ending in /' })
  IDP_ISSUER = 'https://accounts.google.com/';

  /** Unset: GET /api/auth/idp redirects to /login?error=IdpNotConfigured. */
  @IsString() IDP_CLIENT_ID = '';

  @Secret() @IsString() IDP_CLIENT_SECRET = '';

  /** Other client ids a security event may be addressed to (comma-separated), besides IDP_CLIENT_ID. */
  @IsString() IDP_RISC_AUDIENCES = '';

  /** The provider's RISC configuration (its `jwks_uri`); `<IDP_ISSUER>.well-known/risc-configuration` when empty. */
  @IsString() IDP_RISC_CONFIGURATION_URL = '';

  /** An unknown signing key refetches the provider's keys at most this often, so forged tokens cannot make us hammer it. */
  @EnvInt(1) RISC_KEYS_REFETCH_MS = 30_000;

  /** The source-code host's web (OAuth) and API bases. */
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' })
  CODE_HOST_URL = 'https://github.com';

  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' })
  CODE_HOST_API_URL = 'https://api.github.com';

  @IsString() CODE_HOST_CLIENT_ID = '';

  @Secret() @IsString() CODE_HOST_CLIENT_SECRET = '';
}
