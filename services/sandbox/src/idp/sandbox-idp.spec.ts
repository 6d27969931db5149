import * as oidc from 'openid-client';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { riscEventType } from '@platform/contracts';
import { startSandbox, type RunningSandbox } from '../sandbox.js';
import { callHook } from '../testing/call-hook.js';

/** Follows the provider's redirects with its cookies until it sends the browser to `until`. */
async function follow(url: string, until: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(url);
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.href.startsWith(until)) return next;
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      jar.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`stopped at ${next.href}: ${response.status} ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects');
}

describe('Sandbox identity provider', () => {
  let sut: RunningSandbox;
  let config: oidc.Configuration;
  const redirectUri = 'http://127.0.0.1:4999/api/auth/idp/callback';

  beforeAll(async () => {
    sut = await startSandbox();
    config = await oidc.discovery(new URL(sut.idp.issuer), sut.idp.clientId, sut.idp.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
  });

  afterAll(async () => {
    await sut?.close();
  });

  async function authorize(scope = 'openid email profile offline_access') {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri, scope, state, nonce, prompt: 'consent',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    });
    const callback = await follow(url.href, redirectUri);
    return oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
  }

  it('publishes discovery with the issuer under /idp/', () => {
    expect(config.serverMetadata().issuer).toBe(sut.idp.issuer);
    expect(sut.idp.issuer).toBe(`${sut.url}/idp/`);
  });

  it('signs in the queued user at once: ID token, refresh token and userinfo with email and name', async () => {
    expect((await callHook(sut.url, '/idp/next-login', 'PUT', { sub: 'sub-1', email: 'ada@example.com', name: 'Ada' })).status).toBe(200);
    const tokens = await authorize();
    expect(tokens.claims()).toMatchObject({ sub: 'sub-1', email: 'ada@example.com', aud: sut.idp.clientId, iss: sut.idp.issuer });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(await oidc.fetchUserInfo(config, tokens.access_token, 'sub-1')).toMatchObject({ sub: 'sub-1', email: 'ada@example.com', name: 'Ada' });
  });

  it('gives no email for an account queued without one', async () => {
    await callHook(sut.url, '/idp/next-login', 'PUT', { sub: 'sub-2', email: '', name: 'No Mail' });
    const tokens = await authorize();
    expect((await oidc.fetchUserInfo(config, tokens.access_token, 'sub-2')).email).toBeUndefined();
  });

  it('signs a security event with its published key, in the RISC configuration', async () => {
    const riscConfig = await (await fetch(sut.idp.riscConfigurationUrl)).json() as { issuer: string; jwks_uri: string };
    expect(riscConfig.issuer).toBe(sut.idp.issuer);
    const { jwt } = await (await callHook(sut.url, '/idp/risc/sign', 'POST', { events: { 'sessions-revoked': {} }, sub: 'sub-1', jti: 'j-1' })).json() as { jwt: string };
    const { payload, protectedHeader } = await jwtVerify(jwt, createRemoteJWKSet(new URL(riscConfig.jwks_uri)), { issuer: sut.idp.issuer, audience: sut.idp.clientId });
    expect(protectedHeader.typ).toBe('secevent+jwt');
    expect(payload.jti).toBe('j-1');
    expect(payload.events).toEqual({ [riscEventType('sessions-revoked')]: { subject: { subject_type: 'iss-sub', iss: sut.idp.issuer, sub: 'sub-1' } } });
  });

  it('signs with a key it does not publish when asked', async () => {
    const { jwt } = await (await callHook(sut.url, '/idp/risc/sign', 'POST', { events: { verification: { state: 's' } }, unpublishedKey: true })).json() as { jwt: string };
    const jwks = await (await fetch(`${sut.idp.issuer}jwks`)).json() as { keys: Array<{ kid: string }> };
    expect(jwks.keys.map((key) => key.kid)).not.toContain(decodeProtectedHeader(jwt).kid);
  });

  it('refuses a next login without sub: 400', async () => {
    const response = await callHook(sut.url, '/idp/next-login', 'PUT', { email: 'x@example.com' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'sub must be a non-empty string' });
  });
});

describe('Sandbox code host', () => {
  let sut: RunningSandbox;

  beforeAll(async () => {
    sut = await startSandbox();
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('redirects back with a code for the queued user, trades it for a token, and answers user and emails', async () => {
    await callHook(sut.url, '/code-host/next-login', 'PUT', { sub: 'octo', email: 'octo@example.com', name: 'Octo' });
    const authorize = await fetch(`${sut.codeHost.url}/login/oauth/authorize?client_id=${sut.codeHost.clientId}&redirect_uri=${encodeURIComponent('http://127.0.0.1:1/cb')}&state=st`, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const back = new URL(authorize.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st');
    const token = await (await fetch(`${sut.codeHost.url}/login/oauth/access_token`, {
      method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: sut.codeHost.clientId, client_secret: sut.codeHost.clientSecret, code: back.searchParams.get('code') }),
    })).json() as { access_token: string };
    const headers = { authorization: `Bearer ${token.access_token}` };
    expect(await (await fetch(`${sut.codeHost.apiUrl}/user`, { headers })).json()).toMatchObject({ login: 'octo', name: 'Octo', email: 'octo@example.com' });
    expect(await (await fetch(`${sut.codeHost.apiUrl}/user/emails`, { headers })).json()).toContainEqual({ email: 'octo@example.com', primary: true, verified: true, visibility: 'private' });
  });

  it('refuses a code with the wrong client secret', async () => {
    const answer = await (await fetch(`${sut.codeHost.url}/login/oauth/access_token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: sut.codeHost.clientId, client_secret: 'wrong', code: 'x' }),
    })).json();
    expect(answer).toMatchObject({ error: 'incorrect_client_credentials' });
  });
});
