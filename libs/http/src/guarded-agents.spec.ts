import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedAgents, RefusedAddressError, type GuardOptions } from './guarded-agents.js';

/** GET through the guarded agents: the status, or the error the request ended with. */
function get(url: string, options: GuardOptions): Promise<number | Error> {
  const agents = guardedAgents(options);
  return new Promise((resolve) => {
    const request = http.get(url, { agent: agents['http:'] }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', resolve);
  });
}

describe('guardedAgents', () => {
  let server: http.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end('ok'));
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  beforeEach(() => {
    connections = 0;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    ['a dotted loopback address', (p: number) => `http://127.0.0.1:${p}/`],
    ['a decimal host', (p: number) => `http://2130706433:${p}/`],
    ['an octal host', (p: number) => `http://0177.0.0.1:${p}/`],
    ['a hex host', (p: number) => `http://0x7f.0.0.1:${p}/`],
    ['a short form', (p: number) => `http://127.1:${p}/`],
    ['an IPv4-mapped IPv6 host', (p: number) => `http://[::ffff:127.0.0.1]:${p}/`],
    ['an IPv4-compatible IPv6 host', (p: number) => `http://[::127.0.0.1]:${p}/`],
    ['the IPv6 loopback', (p: number) => `http://[::1]:${p}/`],
    ['localhost', (p: number) => `http://localhost:${p}/`],
  ])('refuses %s without connecting', async (_form, url) => {
    const outcome = await get(url(port), {});
    expect(outcome).toBeInstanceOf(RefusedAddressError);
    expect(connections).toBe(0);
  });

  it('refuses a public-looking name that resolves to a private address, without connecting', async () => {
    const outcome = await get(`http://news.example.com:${port}/`, { resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(outcome).toBeInstanceOf(RefusedAddressError);
    expect((outcome as Error).message).toBe('news.example.com resolves to 127.0.0.1, which is not a public address');
    expect(connections).toBe(0);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolver = async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }];
    expect(await get(`http://mixed.example.com:${port}/`, { resolver })).toBeInstanceOf(RefusedAddressError);
    expect(connections).toBe(0);
  });

  it('connects to an allowed host:port, and only that port', async () => {
    expect(await get(`http://127.0.0.1:${port}/`, { allowedHosts: [`127.0.0.1:${port}`] })).toBe(200);
    expect(connections).toBe(1);
    expect(await get(`http://127.0.0.1:${port}/`, { allowedHosts: [`127.0.0.1:${port + 1}`] })).toBeInstanceOf(RefusedAddressError);
    expect(connections).toBe(1);
  });

  it('connects to an allowed host on any port', async () => {
    expect(await get(`http://localhost:${port}/`, { allowedHosts: ['LOCALHOST'] })).toBe(200);
  });
});
