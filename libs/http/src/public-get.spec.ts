import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedAgents } from './guarded-agents.js';
import { publicGet, PublicGetError, type PublicGetOptions } from './public-get.js';

/** A host the guard lets through (as the sandbox is in tests), and one it does not. */
function server(handler: http.RequestListener): Promise<{ server: http.Server; port: number; connections: () => number }> {
  const created = http.createServer(handler);
  let connections = 0;
  created.on('connection', () => (connections += 1));
  return new Promise((resolve) => created.listen(0, '127.0.0.1', () => resolve({ server: created, port: (created.address() as AddressInfo).port, connections: () => connections })));
}

describe('publicGet', () => {
  let allowed: Awaited<ReturnType<typeof server>>;
  let other: Awaited<ReturnType<typeof server>>;
  let options: PublicGetOptions;
  const url = (path: string) => `http://127.0.0.1:${allowed.port}${path}`;

  beforeAll(async () => {
    other = await server((_request, response) => response.end('private'));
    allowed = await server((request, response) => {
      const path = request.url ?? '/';
      if (path === '/image') return void response.writeHead(200, { 'content-type': 'image/png' }).end('png bytes');
      if (path.startsWith('/redirect?to=')) return void response.writeHead(302, { location: decodeURIComponent(path.slice('/redirect?to='.length)) }).end();
      if (path === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
      if (path === '/declared-large') return void response.writeHead(200, { 'content-length': '11' }).end('01234567890');
      if (path === '/chunked-large') return void response.writeHead(200).end('x'.repeat(11));
      // Never answers: the deadline must end the call.
      if (path === '/slow') return;
      response.writeHead(404).end();
    });
    options = { agents: guardedAgents({ allowedHosts: [`127.0.0.1:${allowed.port}`] }), timeoutMs: 500, maxBytes: 10, maxRedirects: 2 };
  });

  afterAll(async () => {
    for (const { server: running } of [allowed, other]) {
      running.closeAllConnections();
      await new Promise((resolve) => running.close(resolve));
    }
  });

  it('answers the status, the content type and the whole body', async () => {
    const answer = await publicGet(url('/image'), options);
    expect(answer).toMatchObject({ status: 200, contentType: 'image/png' });
    expect(answer.body.toString()).toBe('png bytes');
  });

  it('follows a redirect and says where the body came from', async () => {
    const answer = await publicGet(url(`/redirect?to=${encodeURIComponent('/image')}`), options);
    expect(answer.url.pathname).toBe('/image');
    expect(answer.body.toString()).toBe('png bytes');
  });

  it('refuses a redirect to a host that is not public, without connecting to it', async () => {
    const target = `http://127.0.0.1:${other.port}/`;
    const error = await publicGet(url(`/redirect?to=${encodeURIComponent(target)}`), options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublicGetError);
    expect(error).toMatchObject({ reason: 'refused', message: '127.0.0.1 is not a public address' });
    expect(other.connections()).toBe(0);
  });

  it('fails a host name that does not resolve', async () => {
    const error = await publicGet('http://nowhere.example/', { ...options, agents: guardedAgents({ resolver: async () => [] }) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublicGetError);
    expect(error).toMatchObject({ reason: 'unresolvable', message: 'nowhere.example does not resolve' });
  });

  it('refuses a redirect to another scheme', async () => {
    await expect(publicGet(url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`), options)).rejects.toMatchObject({ reason: 'scheme' });
  });

  it('gives up after maxRedirects', async () => {
    await expect(publicGet(url('/loop'), options)).rejects.toMatchObject({ reason: 'redirects' });
  });

  it.each(['/declared-large', '/chunked-large'])('refuses a body over maxBytes (%s)', async (path) => {
    await expect(publicGet(url(path), options)).rejects.toMatchObject({ reason: 'tooLarge' });
  });

  it.each(['/declared-large', '/chunked-large'])('cuts a body over maxBytes there when told to truncate (%s)', async (path) => {
    const answer = await publicGet(url(path), { ...options, overflow: 'truncate' });
    expect(answer.body.toString()).toBe(path === '/declared-large' ? '0123456789' : 'x'.repeat(10));
  });

  it('ends the call with what inspect throws, before reading the body', async () => {
    const refusal = new Error('not an image');
    const seen: unknown[] = [];
    await expect(publicGet(url('/image'), { ...options, inspect: (head) => { seen.push(head.contentType); throw refusal; } })).rejects.toBe(refusal);
    expect(seen).toEqual(['image/png']);
  });

  it('fails at the deadline', async () => {
    const failure = await publicGet(url('/slow'), options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PublicGetError);
    expect(failure).toMatchObject({ reason: 'timeout' });
  });
});
