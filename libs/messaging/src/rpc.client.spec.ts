import { NestFactory } from '@nestjs/core';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { SUBJECTS, type Envelope } from '@platform/contracts';
import { INFRA } from '@platform/testing';
import { MessagingModule } from './messaging.module.js';
import { RpcClient, ServiceUnavailableError } from './rpc.client.js';

const prefix = `t${randomBytes(4).toString('hex')}.`;
const envelope: Envelope = { auth: null, params: {}, query: {}, body: {}, headers: {}, ip: '127.0.0.1', requestId: 'r1' };

describe('RpcClient', () => {
  let close: () => Promise<void>;
  let sut: RpcClient;
  let responder: NatsConnection;

  beforeAll(async () => {
    const context = await NestFactory.createApplicationContext(
      MessagingModule.forRoot({ natsUrl: INFRA.natsUrl, prefix, serviceName: 'rpc-test', requestTimeoutMs: 300 }),
      { logger: false },
    );
    sut = context.get(RpcClient);
    close = () => context.close();
    responder = await connect({ servers: INFRA.natsUrl });
  });

  afterAll(async () => {
    await responder.close();
    await close();
  });

  it('fails on "no responders", without waiting out its timeout, when nobody listens', async () => {
    const failure = sut.send(SUBJECTS.identity.login, envelope, 60_000);
    await expect(failure).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(failure).rejects.toThrow(/no responders/i);
  });

  it('fails after its timeout when the listener never answers', async () => {
    const silent = responder.subscribe(`${prefix}${SUBJECTS.identity.register}`, { callback: () => undefined });
    // The subscription lives on another connection: make sure the server has it before asking.
    await responder.flush();
    const failure = sut.send(SUBJECTS.identity.register, envelope);
    await expect(failure).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(failure).rejects.toThrow(/timeout/i);
    silent.unsubscribe();
  });

  it('returns the reply of a NestJS-style responder under the prefix', async () => {
    const echo = responder.subscribe(`${prefix}${SUBJECTS.identity.session}`, {
      callback: (_error, message) => {
        const packet = message.json<{ id: string; data: Envelope }>();
        message.respond(JSON.stringify({ id: packet.id, response: { status: 200, body: { requestId: packet.data.requestId } }, isDisposed: true }));
      },
    });
    await responder.flush();
    await expect(sut.send(SUBJECTS.identity.session, envelope)).resolves.toEqual({ status: 200, body: { requestId: 'r1' } });
    echo.unsubscribe();
  });
});
