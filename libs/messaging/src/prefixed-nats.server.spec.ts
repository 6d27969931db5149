import { Controller, Module, type INestApplicationContext } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommonEnv, loadEnv } from '@platform/config';
import { ok, SUBJECTS, type Envelope } from '@platform/contracts';
import { INFRA } from '@platform/testing';
import { MessagingModule } from './messaging.module.js';
import { RpcClient } from './rpc.client.js';
import { RemoteError } from './rpc-errors.js';
import { startService } from './start-service.js';

/** Past the caller's 3 s silence limit: only progress reports keep it waiting. */
const LONGER_THAN_SILENCE_MS = 4000;
/** Over NATS's 1 MB message limit. */
const TOO_BIG = 'x'.repeat(2_000_000);

@Controller()
class Handlers {
  @MessagePattern(SUBJECTS.identity.getUser)
  async slow() {
    await sleep(LONGER_THAN_SILENCE_MS);
    return ok({ done: true });
  }

  /** Past one progress interval: a progress report would come first if one were sent. */
  @MessagePattern(SUBJECTS.identity.getKey)
  async pastOneInterval() {
    await sleep(1500);
    return ok({ done: true });
  }

  @MessagePattern(SUBJECTS.identity.listKeys)
  hugeReply() {
    return ok({ blob: TOO_BIG });
  }

  @MessagePattern(SUBJECTS.identity.resolveSession)
  hugeAnswer() {
    return { blob: TOO_BIG };
  }
}

@Module({ controllers: [Handlers] })
class HandlersModule {}

const envelope: Envelope = { auth: null, params: {}, query: {}, body: {}, headers: {}, ip: '127.0.0.1', requestId: 'r1' };

describe('PrefixedNatsServer', () => {
  const prefix = `t${randomBytes(4).toString('hex')}.`;
  let service: INestApplicationContext;
  let client: INestApplicationContext;
  let plain: NatsConnection;
  let sut: RpcClient;

  beforeAll(async () => {
    const env = loadEnv(CommonEnv, { NATS_URL: INFRA.natsUrl, NATS_PREFIX: prefix, LOG_LEVEL: 'silent' });
    service = await startService({ module: HandlersModule }, env, 'server-test');
    client = await NestFactory.createApplicationContext(
      MessagingModule.forRoot({ natsUrl: INFRA.natsUrl, prefix, serviceName: 'server-test-client', requestTimeoutMs: 10_000 }),
      { logger: false },
    );
    sut = client.get(RpcClient);
    plain = await connect({ servers: INFRA.natsUrl });
  });

  afterAll(async () => {
    await plain?.close();
    await client?.close();
    await service?.close();
  });

  it('keeps a caller waiting past its silence limit while the handler reports progress', async () => {
    await expect(sut.send(SUBJECTS.identity.getUser, envelope)).resolves.toEqual({ status: 200, body: { done: true } });
  });

  it('sends no progress to a requester that did not ask: a plain request gets the answer', async () => {
    const message = await plain.request(`${prefix}${SUBJECTS.identity.getKey}`, JSON.stringify({ pattern: SUBJECTS.identity.getKey, data: envelope, id: 'plain-1' }), { timeout: 10_000 });
    expect(message.json()).toMatchObject({ id: 'plain-1', response: { status: 200, body: { done: true } } });
  });

  // Silence would end in the caller's own 503 after 3 s: a 500 can only be the server's reply.
  it('answers a route whose reply is too big for NATS with a 500 reply, not silence', async () => {
    await expect(sut.send(SUBJECTS.identity.listKeys, envelope)).resolves.toEqual({ status: 500, body: { error: 'Internal server error' } });
  });

  it('answers a query whose answer is too big for NATS with an error at once, not silence', async () => {
    await expect(sut.request(SUBJECTS.identity.resolveSession, { digest: 'd' })).rejects.toBeInstanceOf(RemoteError);
  });
});
