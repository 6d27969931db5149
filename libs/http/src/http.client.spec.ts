import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BreakerOpenError, CallerAbortedError, OutboundHttp, OutboundUnavailableError } from './http.client.js';
import { OutboundTimeoutError } from './json-post.js';

describe('OutboundHttp', () => {
  let server: Server;
  let url: string;
  let sut: OutboundHttp;
  /** Lets /stream send its second piece. */
  let releaseStream: () => void = () => undefined;

  beforeAll(async () => {
    // /hang never answers; /echo answers 200 with the body it got and the client port it came from;
    // /stream sends one event, then a second one when the test releases it; anything else is a party that is down.
    server = createServer((request, response) => {
      if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream' }).write('data: a\n\n');
        releaseStream = () => response.end('data: b\n\n');
      } else if (request.url === '/echo') {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString())).on('end', () => {
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ body, contentType: request.headers['content-type'], port: request.socket.remotePort }));
        });
      } else if (request.url !== '/hang') response.writeHead(503).end('down');
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

  it('fails a 5xx with OutboundUnavailableError naming the party and carrying the status', async () => {
    sut = new OutboundHttp('party', { timeoutMs: 1000 });

    const error = await sut.fetch(url).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OutboundUnavailableError);
    expect(error).toMatchObject({ status: 503, message: 'party answered 503' });
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

  it('does not count a call its caller gave up (a client that hung up) against the breaker', async () => {
    sut = new OutboundHttp('party', { timeoutMs: 10_000, volumeThreshold: 1, errorThresholdPercentage: 1 });
    const leaving = new AbortController();
    setTimeout(() => leaving.abort(), 50);

    await expect(sut.fetch(`${url}hang`, { signal: leaving.signal }, 'headers')).rejects.toBeInstanceOf(CallerAbortedError);
    expect(sut.isOpen).toBe(false);
  });

  it("counts a call its caller's deadline ended against the breaker", async () => {
    sut = new OutboundHttp('party', { timeoutMs: 10_000, volumeThreshold: 1, errorThresholdPercentage: 1 });

    await expect(sut.fetch(`${url}hang`, { signal: AbortSignal.timeout(50) })).rejects.not.toBeInstanceOf(CallerAbortedError);
    expect(sut.isOpen).toBe(true);
  });

  describe('postJson', () => {
    const post = { headers: { authorization: 'Bearer k' }, body: '{"question":"hi"}' };

    it('sends the body as JSON and gives back the status and the whole answer', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 1000 });

      const answer = await sut.postJson(`${url}echo`, post);

      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ body: '{"question":"hi"}', contentType: 'application/json' });
    });

    it('reuses one connection for calls one after another (keep-alive)', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 1000 });

      const first = JSON.parse((await sut.postJson(`${url}echo`, post)).text);
      const second = JSON.parse((await sut.postJson(`${url}echo`, post)).text);

      expect(second.port).toBe(first.port);
    });

    it('counts a 5xx against the breaker, which then refuses without calling', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 1000, volumeThreshold: 1, errorThresholdPercentage: 1 });
      const error = await sut.postJson(url, post).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutboundUnavailableError);
      expect(error).toMatchObject({ status: 503, message: 'party answered 503' });

      await expect(sut.postJson(`${url}echo`, post)).rejects.toBeInstanceOf(BreakerOpenError);
    });

    it('ends a call at its own timeout', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 100 });

      await expect(sut.postJson(`${url}hang`, post)).rejects.toBeInstanceOf(OutboundTimeoutError);
    });

    it('ends a call when the caller\'s signal aborts before its own timeout', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 10_000 });
      const started = Date.now();

      await expect(sut.postJson(`${url}hang`, { ...post, signal: AbortSignal.timeout(100) })).rejects.toBeInstanceOf(OutboundTimeoutError);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });

  describe('postStream', () => {
    const post = { headers: { authorization: 'Bearer k' }, body: '{"stream":true}' };
    const text = (piece: IteratorResult<Uint8Array>) => Buffer.from(piece.value).toString();

    it('resolves once the answer has started and hands each piece over as it arrives', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 1000 });

      const answer = await sut.postStream(`${url}stream`, post);
      const pieces = answer.body[Symbol.asyncIterator]();

      expect(answer.status).toBe(200);
      expect(text(await pieces.next())).toBe('data: a\n\n');
      releaseStream();
      expect(text(await pieces.next())).toBe('data: b\n\n');
      expect((await pieces.next()).done).toBe(true);
    });

    it('bounds only the wait for the answer to start: a slower body still arrives', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 100 });
      const pieces = (await sut.postStream(`${url}stream`, post)).body[Symbol.asyncIterator]();
      expect(text(await pieces.next())).toBe('data: a\n\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      releaseStream();
      expect(text(await pieces.next())).toBe('data: b\n\n');
    });

    it('ends the body when the caller\'s signal aborts mid-answer', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 1000 });
      const caller = new AbortController();
      const answer = await sut.postStream(`${url}stream`, { ...post, signal: caller.signal });
      const pieces = answer.body[Symbol.asyncIterator]();
      await pieces.next();

      caller.abort(new Error('the client hung up'));

      await expect(pieces.next()).rejects.toBeInstanceOf(OutboundTimeoutError);
    });

    it('counts a 5xx against the breaker, which then refuses without calling', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 1000, volumeThreshold: 1, errorThresholdPercentage: 1 });
      await expect(sut.postStream(url, post)).rejects.toMatchObject({ status: 503, message: 'party answered 503' });

      await expect(sut.postStream(`${url}stream`, post)).rejects.toBeInstanceOf(BreakerOpenError);
    });

    it('does not count a call its caller gave up before the answer started against the breaker', async () => {
      sut = new OutboundHttp('party', { timeoutMs: 10_000, volumeThreshold: 1, errorThresholdPercentage: 1 });
      const caller = new AbortController();
      const call = sut.postStream(`${url}hang`, { ...post, signal: caller.signal });
      caller.abort(new Error('the client hung up'));

      await expect(call).rejects.toBeInstanceOf(CallerAbortedError);
      expect(sut.isOpen).toBe(false);
    });
  });
});
