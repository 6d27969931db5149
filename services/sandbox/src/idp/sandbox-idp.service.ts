import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import type { IdpAccount } from './idp-account.model.js';
import { IdpAccounts } from './idp-accounts.service.js';
import { IdpHookError } from './idp-error.js';
import { IdpMemoryAdapter } from './idp-memory-adapter.js';
import { IdpSigningKeys } from './idp-signing-keys.service.js';

/** Where the provider is mounted in the sandbox's app. */
export const IDP_PREFIX = '/idp';

/** The platform's callback as registered; a native client may use it on any loopback port (RFC 8252). */
const CALLBACK_PATHS = ['/api/auth/idp/callback'];
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'];

/**
 * The identity provider, an oidc-provider instance: discovery, authorization with PKCE, token,
 * userinfo and JWKS under `{sandbox}/idp/`. Built once the sandbox listens, since the issuer
 * names its port.
 */
@Injectable()
export class SandboxIdp {
  private provider?: Provider;
  private issuerUrl?: string;
  /** GET /idp/jwks answered so far: a receiver's key refetches, counted. */
  jwksFetches = 0;

  constructor(
    @Inject(SANDBOX_CONFIG) private readonly config: SandboxConfig,
    private readonly accounts: IdpAccounts,
    private readonly keys: IdpSigningKeys,
  ) {}

  async start(issuer: string): Promise<void> {
    const { published } = await this.keys.get();
    const provider = new Provider(issuer, {
      clients: [{
        client_id: this.config.idpClientId,
        client_secret: this.config.idpClientSecret,
        application_type: 'native',
        redirect_uris: LOOPBACK_HOSTS.flatMap((host) => CALLBACK_PATHS.map((path) => `http://${host}${path}`)),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      }],
      jwks: { keys: [published.privateJwk] },
      scopes: ['openid', 'email', 'profile', 'offline_access'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // The ID token carries email and name too, as the real provider's does.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
      cookies: { keys: ['sandbox-idp-cookies'] },
      adapter: IdpMemoryAdapter,
      ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, Interaction: 3600, RefreshToken: 14 * 86400, Grant: 14 * 86400, Session: 14 * 86400 },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = this.accounts.find(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({ sub, name: account.name, ...(account.email ? { email: account.email, email_verified: true } : {}) }),
        };
      },
    });
    this.provider = provider;
    this.issuerUrl = issuer;
  }

  get issuer(): string {
    if (!this.issuerUrl) throw new IdpHookError('The identity provider has not started', 503);
    return this.issuerUrl;
  }

  get clientId(): string {
    return this.config.idpClientId;
  }

  /** Hands one request to the provider, its path relative to the mount point. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    if (!this.provider) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"The identity provider has not started"}');
      return;
    }
    const url = req.url ?? '/';
    if (url === `${IDP_PREFIX}/jwks` || url.startsWith(`${IDP_PREFIX}/jwks?`)) this.jwksFetches += 1;
    Object.assign(req, { originalUrl: url, url: url.slice(IDP_PREFIX.length) || '/' });
    this.provider.callback()(req, res);
  }

  /** The account the sign-in page's form sent (its subject derived from the email). */
  private typedIn(req: IncomingMessage): IdpAccount | null {
    const query = new URL(req.url ?? '/', 'http://sandbox').searchParams;
    const email = query.get('email');
    return email ? { sub: `typed-${email.toLowerCase()}`, email, name: query.get('name') ?? '' } : null;
  }

  /**
   * The provider's interaction: the queued next login consents to everything asked at once, so
   * the browser goes straight back to the client with a code. Nothing queued is a page saying so.
   */
  async interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const provider = this.provider!;
    const details = await provider.interactionDetails(req, res);
    const account = this.accounts.take() ?? this.typedIn(req);
    if (!account) {
      // A person after `npm start`: the page's form comes back here with the account typed in.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        '<!doctype html><title>Sandbox identity provider</title><form method="get"><p>Sign in as</p>'
        + '<input name="email" type="email" placeholder="email" required> <input name="name" placeholder="name">'
        + ' <button>Continue</button></form><p>Scripts: <code>PUT /idp/next-login</code> first, and no page is shown.</p>');
      return;
    }
    this.accounts.queue(account);
    this.accounts.take();
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }
}
