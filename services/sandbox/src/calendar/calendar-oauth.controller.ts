import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import { ACCESS_TOKEN_SECONDS, CalendarStore } from './calendar-store.service.js';

const SCOPE = 'https://www.googleapis.com/auth/calendar';

/**
 * The calendar provider's OAuth 2.0 web flow as OAuth2Client speaks it: the consent page approves
 * at once (as the queued person, else a new one) and redirects with a code; the token endpoint
 * answers the authorization_code and refresh_token grants with expiring access tokens.
 */
@Controller('calendar')
export class CalendarOAuthController {
  constructor(private readonly store: CalendarStore, @Inject(SANDBOX_CONFIG) private readonly config: SandboxConfig) {}

  @Get('o/oauth2/v2/auth')
  consent(@Query() query: Record<string, string | undefined>, @Res() reply: FastifyReply): FastifyReply {
    const { client_id: clientId, redirect_uri: redirectUri, response_type: responseType, state } = query;
    if (clientId !== this.config.calendarClientId || !redirectUri || !URL.canParse(redirectUri) || responseType !== 'code') {
      return reply.status(400).type('text/plain').send('Error 400: invalid_request');
    }
    const target = new URL(redirectUri);
    const code = this.store.consent(clientId, redirectUri);
    if (code) target.searchParams.set('code', code);
    else target.searchParams.set('error', 'access_denied');
    if (state !== undefined) target.searchParams.set('state', state);
    return reply.redirect(target.href, 302);
  }

  @Post('token')
  @HttpCode(200)
  token(@Body() body: Record<string, unknown> | undefined, @Res() reply: FastifyReply): FastifyReply {
    const { client_id: clientId, client_secret: secret, grant_type: grantType, code, refresh_token: refreshToken, redirect_uri: redirectUri } = body ?? {};
    if (clientId !== this.config.calendarClientId || secret !== this.config.calendarClientSecret) {
      return reply.status(401).send({ error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    }
    const common = { expires_in: ACCESS_TOKEN_SECONDS, scope: SCOPE, token_type: 'Bearer' };
    if (grantType === 'authorization_code' && typeof code === 'string') {
      const tokens = this.store.redeemCode(code, clientId, typeof redirectUri === 'string' ? redirectUri : undefined);
      if (tokens) return reply.send({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, ...common });
    } else if (grantType === 'refresh_token' && typeof refreshToken === 'string') {
      const accessToken = this.store.refresh(refreshToken);
      if (accessToken) return reply.send({ access_token: accessToken, ...common });
    } else {
      return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    return reply.status(400).send({ error: 'invalid_grant', error_description: 'Bad Request' });
  }
}
