import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookSender } from './webhook-sender.service.js';

describe('WebhookSender', () => {
  let server: Server;
  let url: string;
  let answer: RequestListener;
  let sut: WebhookSender;

  beforeAll(async () => {
    server = createServer((request, response) => answer(request, response)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });

  beforeEach(() => {
    sut = new WebhookSender();
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the body with the headers and answers the receiver\'s status', async () => {
    let received: { method?: string; type?: string; body: string } = { body: '' };
    answer = (request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received = { method: request.method, type: request.headers['content-type'], body };
        response.writeHead(201).end();
      });
    };

    expect(await sut.post(url, '{"a":1}', { 'content-type': 'application/json' })).toBe(201);
    expect(received).toEqual({ method: 'POST', type: 'application/json', body: '{"a":1}' });
  });

  it('answers a redirect\'s own status instead of following it', async () => {
    answer = (_request, response) => response.writeHead(302, { location: '/elsewhere' }).end();

    expect(await sut.post(url, '{}', {})).toBe(302);
  });

  it('answers null when the connection is refused', async () => {
    expect(await sut.post('http://127.0.0.1:1/hook', '{}', {})).toBeNull();
  });

  it('answers null at once for a delivery still waiting when the sandbox closes', async () => {
    answer = () => undefined;
    const delivery = sut.post(url, '{}', {});
    await new Promise((resolve) => setTimeout(resolve, 50));

    sut.onModuleDestroy();

    expect(await delivery).toBeNull();
  });
});
