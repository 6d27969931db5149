import { Controller, Module, type INestApplicationContext } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommonEnv, loadEnv } from '@platform/config';
import { ApiError, ok, SUBJECTS, type Envelope } from '@platform/contracts';
import { INFRA } from '@platform/testing';
import { MessagingModule } from './messaging.module.js';
import { RpcClient } from './rpc.client.js';
import { RemoteError, ServiceUnavailableError } from './rpc-errors.js';
import { startService } from './start-service.js';

/** The caller's silence limit: a handler in the same process sends no progress, and must not need to. */
const SILENCE_MS = 300;

@Controller()
class Handlers {
  /** A route subject: the envelope's body back, after changing the copy it was given. */
  @MessagePattern(SUBJECTS.identity.register)
  echo(@Payload() envelope: Envelope) {
    const body = envelope.body as { name: string };
    const seen = { ...body };
    body.name = 'changed by the handler';
    return ok({ seen, at: new Date(0) });
  }

  @MessagePattern(SUBJECTS.identity.login)
  refuse() {
    throw new ApiError(409, 'Taken');
  }

  /** A query subject: its failure is an error to the caller, not a reply. */
  @MessagePattern(SUBJECTS.identity.resolveSession)
  missing() {
    throw new ApiError(404, 'No such session');
  }

  @MessagePattern(SUBJECTS.identity.getUser)
  async slow() {
    await sleep(SILENCE_MS * 3);
    return ok({ done: true });
  }
}

@Module({ controllers: [Handlers] })
class HandlersModule {}

const envelopeOf = (body: object): Envelope => ({ auth: null, params: {}, query: {}, body, headers: {}, ip: '127.0.0.1', requestId: 'r1' });

describe('a service answering callers in its own process (answerInProcess)', () => {
  const prefix = `t${randomBytes(4).toString('hex')}.`;
  let service: INestApplicationContext | undefined;
  let client: INestApplicationContext;
  let sut: RpcClient;
  let spy: NatsConnection;
  let overNats: Subscription;
  let messagesOverNats = 0;

  beforeAll(async () => {
    const env = loadEnv(CommonEnv, { NATS_URL: INFRA.natsUrl, NATS_PREFIX: prefix, LOG_LEVEL: 'silent' });
    service = await startService({ module: HandlersModule }, env, 'in-process-test', { answerInProcess: true });
    client = await NestFactory.createApplicationContext(
      MessagingModule.forRoot({ natsUrl: INFRA.natsUrl, prefix, serviceName: 'in-process-test-client', requestTimeoutMs: 10_000, silenceMs: SILENCE_MS }),
      { logger: false },
    );
    sut = client.get(RpcClient);
    spy = await connect({ servers: INFRA.natsUrl });
    overNats = spy.subscribe(`${prefix}>`, { callback: () => { messagesOverNats += 1; } });
    await spy.flush();
  });

  afterAll(async () => {
    await spy?.close();
    await client?.close();
    await service?.close();
  });

  it('answers with the handler\'s reply, JSON as NATS would carry it, and nothing crosses NATS', async () => {
    const before = messagesOverNats;
    const body = { name: 'Ada' };
    const reply = await sut.send(SUBJECTS.identity.register, envelopeOf(body));
    expect(reply).toEqual({ status: 200, body: { seen: { name: 'Ada' }, at: '1970-01-01T00:00:00.000Z' } });
    await spy.flush();
    expect(messagesOverNats - before).toBe(0);
  });

  it('hands the handler a copy: what it changes stays on its side', async () => {
    const body = { name: 'Ada' };
    await sut.send(SUBJECTS.identity.register, envelopeOf(body));
    expect(body).toEqual({ name: 'Ada' });
  });

  it('turns a route handler\'s ApiError into its HTTP reply, as over NATS', async () => {
    await expect(sut.send(SUBJECTS.identity.login, envelopeOf({}))).resolves.toEqual({ status: 409, body: { error: 'Taken' } });
  });

  it('fails a query as a RemoteError carrying the status', async () => {
    const failure = sut.request(SUBJECTS.identity.resolveSession, { token: 'x' });
    await expect(failure).rejects.toBeInstanceOf(RemoteError);
    await expect(failure).rejects.toMatchObject({ status: 404 });
  });

  it('waits past the silence limit for a handler in the same process, which sends no progress', async () => {
    await expect(sut.send(SUBJECTS.identity.getUser, envelopeOf({}))).resolves.toEqual({ status: 200, body: { done: true } });
  });

  it('still times a call out at its timeout', async () => {
    await expect(sut.send(SUBJECTS.identity.getUser, envelopeOf({}), SILENCE_MS)).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('goes over NATS again once the service has closed: nobody answers there now', async () => {
    await service!.close();
    service = undefined;
    await expect(sut.send(SUBJECTS.identity.register, envelopeOf({ name: 'Ada' }))).rejects.toBeInstanceOf(ServiceUnavailableError);
    overNats.unsubscribe();
  });
});
