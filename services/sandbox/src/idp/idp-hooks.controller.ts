import { Body, Controller, Get, HttpCode, Post, Put, UseFilters } from '@nestjs/common';
import { IdpAccounts } from './idp-accounts.service.js';
import { IdpHookError } from './idp-error.js';
import { IdpHookExceptionFilter } from './idp-hook-exception.filter.js';
import { IdpSigningKeys } from './idp-signing-keys.service.js';
import { SandboxIdp } from './sandbox-idp.service.js';
import { signSecurityEvent } from './security-event-token.js';

/** Hooks: who signs in next, a security event signed as the provider signs them, and the RISC configuration. */
@Controller('idp')
@UseFilters(IdpHookExceptionFilter)
export class IdpHooksController {
  constructor(
    private readonly idp: SandboxIdp,
    private readonly accounts: IdpAccounts,
    private readonly keys: IdpSigningKeys,
  ) {}

  @Put('next-login')
  nextLogin(@Body() body: unknown): { sub: string; email: string; name: string } {
    const { sub, email, name } = (body ?? {}) as Record<string, unknown>;
    if (typeof sub !== 'string' || sub === '') throw new IdpHookError('sub must be a non-empty string');
    if (email !== undefined && typeof email !== 'string') throw new IdpHookError('email must be a string');
    if (name !== undefined && typeof name !== 'string') throw new IdpHookError('name must be a string');
    const account = { sub, email: email ?? '', name: name ?? '' };
    this.accounts.queue(account);
    return account;
  }

  /** The provider's RISC configuration, as its `/.well-known/risc-configuration` publishes it. */
  @Get('.well-known/risc-configuration')
  riscConfiguration(): { issuer: string; jwks_uri: string; delivery_methods_supported: string[] } {
    const issuer = this.idp.issuer;
    return { issuer, jwks_uri: `${issuer}jwks`, delivery_methods_supported: ['https://schemas.openid.net/secevent/risc/delivery-method/push'] };
  }

  @Post('risc/sign')
  @HttpCode(200)
  async sign(@Body() body: unknown): Promise<{ jwt: string }> {
    const { events, sub, email, jti, iss, aud, unpublishedKey } = (body ?? {}) as Record<string, unknown>;
    if (events === null || typeof events !== 'object' || Array.isArray(events)) throw new IdpHookError('events must be an object');
    for (const [name, value] of Object.entries({ sub, email, jti, iss, aud })) {
      if (value !== undefined && typeof value !== 'string') throw new IdpHookError(`${name} must be a string`);
    }
    const keys = await this.keys.get();
    const jwt = await signSecurityEvent({
      events: events as Record<string, Record<string, unknown>>,
      sub: sub as string | undefined,
      email: email as string | undefined,
      jti: jti as string | undefined,
      iss: (iss as string | undefined) ?? this.idp.issuer,
      aud: (aud as string | undefined) ?? this.idp.clientId,
    }, unpublishedKey === true ? keys.unpublished : keys.published, this.keys.alg);
    return { jwt };
  }

  /** How often the JWKS was fetched: a receiver's key cache, observed. */
  @Get('risc/jwks-fetches')
  jwksFetches(): { count: number } {
    return { count: this.idp.jwksFetches };
  }
}
