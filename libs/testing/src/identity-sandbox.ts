import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { TestClient, TestResponse } from './test-client.js';
import { sandboxHook } from './sandbox-hook.js';

export interface SecurityEventRequest {
  events: Record<string, Record<string, unknown>>;
  sub?: string;
  email?: string;
  jti?: string;
  iss?: string;
  aud?: string;
  unpublishedKey?: boolean;
}

export interface SignInOptions {
  /** Changes the provider's authorization URL before the browser follows it (tampering tests). */
  authorizationUrl?: (url: URL) => URL;
  /** Changes the callback URL before the browser returns to the platform. */
  callbackUrl?: (url: URL) => URL;
}

/**
 * The sandbox identity provider's and code host's hooks (docs/sandbox.md), and a browser that
 * signs in through them: the platform's cookies stay with the TestClient, the provider's with it.
 */
export class IdentitySandbox {
  constructor(private readonly sandboxUrl: string) {}

  async nextLogin(account: { sub: string; email: string; name?: string }): Promise<void> {
    await this.hook('PUT', '/idp/next-login', account);
  }

  async nextCodeHostLogin(user: { sub: string; email: string; name?: string; verified?: boolean }): Promise<void> {
    await this.hook('PUT', '/code-host/next-login', user);
  }

  /**
   * An ID token the provider issues to the platform's client for `account`: the test plays another
   * app of the same (native) client, on a loopback callback nobody listens to, and exchanges the code.
   */
  async idToken(idp: { issuer: string; clientId: string; clientSecret: string }, account: { sub: string; email: string; name?: string }): Promise<string> {
    const config = await oidc.discovery(new URL(idp.issuer), idp.clientId, idp.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
    const [state, nonce, codeVerifier] = [randomBytes(16), randomBytes(16), randomBytes(32)].map((bytes) => bytes.toString('base64url'));
    // The client's registered loopback callback, on a port nobody listens to: the code is read from the redirect.
    const redirectUri = 'http://127.0.0.1:9/api/auth/idp/callback';
    await this.nextLogin(account);
    let at = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri, scope: 'openid email profile', state, nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
    });
    const jar = new Map<string, string>();
    for (let hops = 0; hops < 10 && !at.href.startsWith(redirectUri); hops += 1) {
      const location = (await this.browse(at, jar)).headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${at.href}`);
      at = new URL(location, at);
    }
    const tokens = await oidc.authorizationCodeGrant(config, at, { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
    return tokens.id_token!;
  }

  async signSecurityEvent(request: SecurityEventRequest): Promise<string> {
    return (await this.hook<{ jwt: string }>('POST', '/idp/risc/sign', request)).jwt;
  }

  async jwksFetches(): Promise<number> {
    return (await this.hook<{ count: number }>('GET', '/idp/risc/jwks-fetches')).count;
  }

  /**
   * GETs `startPath` on the platform and follows every redirect the way a browser does, until
   * the platform answers with something else than a redirect to another site; returns that answer.
   */
  async signIn(client: TestClient, startPath: string, options: SignInOptions = {}): Promise<TestResponse> {
    const jar = new Map<string, string>();
    let response = await client.get(startPath);
    let first = true;
    let at = new URL(startPath, client.baseUrl);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (!location) return response;
      let next = new URL(location, at);
      at = next;
      if (next.origin === new URL(client.baseUrl).origin) {
        if (next.pathname.includes('/callback')) {
          if (options.callbackUrl) next = options.callbackUrl(next);
          response = await client.get(`${next.pathname}${next.search}`);
          continue;
        }
        return response;
      }
      if (first && options.authorizationUrl) next = options.authorizationUrl(next);
      first = false;
      response = await this.browse(next, jar);
    }
    throw new Error('sign-in did not finish within 20 redirects');
  }

  private async browse(url: URL, jar: Map<string, string>): Promise<TestResponse> {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text };
  }

  private hook<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    return sandboxHook<T>(this.sandboxUrl, method, path, body);
  }
}
