import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BreakerOpenError, OutboundHttp, OutboundUnavailableError } from './http.client.js';

describe('OutboundHttp', () => {
  let server: Server;
  let url: string;
  let sut: OutboundHttp;

  beforeAll(async () => {
    // /hang never answers; anything else is a party that is down.
    server = createServer((request, response) => {
      if (request.url !== '/hang') response.writeHead(503).end('down');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterEach(() => {
    sut.shutdown();
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses with BreakerOpenError, without calling, once the party kept failing', async () => {
    sut = new OutboundHttp('party', { timeoutMs: 1000, volumeThreshold: 1, errorThresholdPercentage: 1 });
    await expect(sut.fetch(url)).rejects.toBeInstanceOf(OutboundUnavailableError);

    await expect(sut.fetch(url)).rejects.toBeInstanceOf(BreakerOpenError);
    expect(sut.isOpen).toBe(true);
  });

  it('neither opens the breaker nor is refused by it for a call outside the breaker', async () => {
    sut = new OutboundHttp('party', { timeoutMs: 1000, volumeThreshold: 1, errorThresholdPercentage: 1 });
    await expect(sut.fetchOutsideBreaker(url)).rejects.toBeInstanceOf(OutboundUnavailableError);
    expect(sut.isOpen).toBe(false);

    await expect(sut.fetch(url)).rejects.toBeInstanceOf(OutboundUnavailableError);
    expect(sut.isOpen).toBe(true);
    await expect(sut.fetchOutsideBreaker(url)).rejects.toBeInstanceOf(OutboundUnavailableError);
  });

  it('ends a call when the caller\'s signal aborts before its own timeout', async () => {
    sut = new OutboundHttp('party', { timeoutMs: 10_000 });
    const started = Date.now();

    await expect(sut.fetch(`${url}hang`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
