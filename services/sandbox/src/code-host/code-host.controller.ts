import { Body, Controller, Get, Headers, HttpCode, Post, Put, Query, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Inject } from '@nestjs/common';
import { IdpHookError } from '../idp/idp-error.js';
import { IdpHookExceptionFilter } from '../idp/idp-hook-exception.filter.js';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import { CodeHostStore } from './code-host-store.service.js';
import type { CodeHostUser } from './code-host-user.model.js';

/**
 * The source-code host's OAuth web flow and user API, shaped like GitHub's: authorize redirects
 * at once as the queued user, access_token trades the code, /api/user and /api/user/emails answer
 * for the token.
 */
@Controller('code-host')
@UseFilters(IdpHookExceptionFilter)
export class CodeHostController {
  constructor(
    private readonly store: CodeHostStore,
    @Inject(SANDBOX_CONFIG) private readonly config: SandboxConfig,
  ) {}

  @Put('next-login')
  nextLogin(@Body() body: unknown): CodeHostUser {
    const { sub, email, name, verified } = (body ?? {}) as Record<string, unknown>;
    if (typeof sub !== 'string' || sub === '') throw new IdpHookError('sub must be a non-empty string');
    if (email !== undefined && typeof email !== 'string') throw new IdpHookError('email must be a string');
    if (name !== undefined && typeof name !== 'string') throw new IdpHookError('name must be a string');
    if (verified !== undefined && typeof verified !== 'boolean') throw new IdpHookError('verified must be a boolean');
    return this.store.queue({ login: sub, email: email ?? '', name: name ?? '', verified: verified ?? true });
  }

  @Get('login/oauth/authorize')
  authorize(@Query() query: Record<string, string | undefined>, @Res() reply: FastifyReply): FastifyReply {
    const { client_id: clientId, redirect_uri: redirectUri, state } = query;
    if (clientId !== this.config.codeHostClientId || !redirectUri || !URL.canParse(redirectUri)) {
      return reply.status(400).type('text/plain').send('The redirect_uri or client_id is not valid for this application.');
    }
    const target = new URL(redirectUri);
    const code = this.store.issueCode(clientId, redirectUri);
    if (code) target.searchParams.set('code', code);
    else target.searchParams.set('error', 'access_denied');
    if (state !== undefined) target.searchParams.set('state', state);
    return reply.redirect(target.href, 302);
  }

  /** GitHub answers a refused exchange with 200 and an `error` field. */
  @Post('login/oauth/access_token')
  @HttpCode(200)
  accessToken(@Body() body: Record<string, unknown> | undefined): Record<string, string> {
    const { client_id: clientId, client_secret: secret, code } = body ?? {};
    if (clientId !== this.config.codeHostClientId || secret !== this.config.codeHostClientSecret) {
      return { error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' };
    }
    const token = typeof code === 'string' ? this.store.redeem(code, clientId) : null;
    if (!token) return { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' };
    return { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' };
  }

  @Get('api/user')
  user(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): FastifyReply {
    const user = this.userOf(authorization);
    if (!user) return reply.status(401).send({ message: 'Bad credentials' });
    return reply.send({ id: user.id, login: user.login, name: user.name || null, email: user.verified && user.email ? user.email : null });
  }

  @Get('api/user/emails')
  emails(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): FastifyReply {
    const user = this.userOf(authorization);
    if (!user) return reply.status(401).send({ message: 'Bad credentials' });
    const emails = [
      ...(user.email ? [{ email: user.email, primary: true, verified: user.verified, visibility: 'private' }] : []),
      { email: `${user.id}+${user.login}@users.noreply.code-host.test`, primary: false, verified: true, visibility: null },
    ];
    return reply.send(emails);
  }

  private userOf(authorization: string | undefined): CodeHostUser | undefined {
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization ?? '');
    return match ? this.store.userOf(match[1]!) : undefined;
  }
}
