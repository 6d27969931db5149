import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, Empty, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { SUBJECTS, type Envelope } from '@platform/contracts';
import { OpsModule, ServiceMetrics } from '@platform/ops';
import { INFRA } from '@platform/testing';
import { MessagingModule } from './messaging.module.js';
import { RpcClient } from './rpc.client.js';
import { RemoteError, ServiceUnavailableError } from './rpc-errors.js';
import { PROGRESS_HEADERS } from './rpc-progress.js';

const prefix = `t${randomBytes(4).toString('hex')}.`;
const envelope: Envelope = { auth: null, params: {}, query: {}, body: {}, headers: {}, ip: '127.0.0.1', requestId: 'r1' };
const SILENCE_MS = 600;

const packetOf = (message: Msg) => message.json<{ id: string; data: Envelope }>();

describe('RpcClient', () => {
  let close: () => Promise<void>;
  let sut: RpcClient;
  let responder: NatsConnection;
  const metrics = new ServiceMetrics();

  beforeAll(async () => {
    @Module({
      imports: [
        OpsModule.forRoot(metrics),
        MessagingModule.forRoot({ natsUrl: INFRA.natsUrl, prefix, serviceName: 'rpc-test', requestTimeoutMs: 300, silenceMs: SILENCE_MS }),
      ],
    })
    class RpcTestModule {}
    const context = await NestFactory.createApplicationContext(RpcTestModule, { logger: false });
    sut = context.get(RpcClient);
    close = () => context.close();
    responder = await connect({ servers: INFRA.natsUrl });
  });

  afterAll(async () => {
    await responder.close();
    await close();
  });

  /** A listener on another connection, known to the server before the test asks. */
  async function listen(subject: string, answer: (message: Msg) => void): Promise<{ unsubscribe(): void }> {
    const subscription = responder.subscribe(`${prefix}${subject}`, { callback: (_error, message) => answer(message) });
    await responder.flush();
    return subscription;
  }

  it('fails on "no responders", without waiting out its timeout, when nobody listens', async () => {
    const failure = sut.send(SUBJECTS.identity.login, envelope, 60_000);
    await expect(failure).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(failure).rejects.toMatchObject({ reason: 'no-responders' });
  });

  it('fails after its timeout when the listener never answers', async () => {
    const silent = await listen(SUBJECTS.identity.register, () => undefined);
    await expect(sut.send(SUBJECTS.identity.register, envelope)).rejects.toMatchObject({ reason: 'timeout' });
    silent.unsubscribe();
  });

  it('fails once the listener stops reporting progress, long before a long timeout', async () => {
    const silent = await listen(SUBJECTS.identity.signout, () => undefined);
    const started = Date.now();
    await expect(sut.send(SUBJECTS.identity.signout, envelope, 60_000)).rejects.toMatchObject({ reason: 'silent' });
    expect(Date.now() - started).toBeLessThan(SILENCE_MS + 500);
    silent.unsubscribe();
  });

  it('waits past its silence limit while the listener reports progress', async () => {
    const slow = await listen(SUBJECTS.identity.getUser, (message) => {
      const beat = setInterval(() => message.respond(Empty, { headers: PROGRESS_HEADERS }), SILENCE_MS / 3);
      setTimeout(() => {
        clearInterval(beat);
        message.respond(JSON.stringify({ id: packetOf(message).id, response: { status: 200, body: { late: true } }, isDisposed: true }));
      }, SILENCE_MS * 3);
    });
    await expect(sut.send(SUBJECTS.identity.getUser, envelope, 60_000)).resolves.toEqual({ status: 200, body: { late: true } });
    slow.unsubscribe();
  });

  it('returns the reply of a NestJS-style responder under the prefix', async () => {
    const echo = await listen(SUBJECTS.identity.session, (message) => {
      const packet = packetOf(message);
      message.respond(JSON.stringify({ id: packet.id, response: { status: 200, body: { requestId: packet.data.requestId } }, isDisposed: true }));
    });
    await expect(sut.send(SUBJECTS.identity.session, envelope)).resolves.toEqual({ status: 200, body: { requestId: 'r1' } });
    echo.unsubscribe();
  });

  it('turns an error packet into a RemoteError with the status the refusal carries', async () => {
    const failing = await listen(SUBJECTS.identity.resolveSession, (message) => {
      message.respond(JSON.stringify({ id: packetOf(message).id, err: { status: 'error', message: 'not connected', statusCode: 401 }, isDisposed: true }));
    });
    const refused = await sut.request(SUBJECTS.identity.resolveSession, { digest: 'd' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RemoteError);
    expect((refused as RemoteError).status).toBe(401);
    failing.unsubscribe();
  });

  it('gives a RemoteError no status when the packet carries none', async () => {
    const failing = await listen(SUBJECTS.identity.resolveSession, (message) => {
      message.respond(JSON.stringify({ id: packetOf(message).id, err: { status: 'error', message: 'Internal server error' }, isDisposed: true }));
    });
    const refused = await sut.request(SUBJECTS.identity.resolveSession, { digest: 'd' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RemoteError);
    expect((refused as RemoteError).status).toBeUndefined();
    failing.unsubscribe();
  });

  it('turns a query answered with an HTTP error reply into a RemoteError with its status, never data', async () => {
    const dressed = await listen(SUBJECTS.identity.resolveApiKey, (message) => {
      message.respond(JSON.stringify({ id: packetOf(message).id, response: { status: 500, body: { error: 'Internal server error' } }, isDisposed: true }));
    });
    const refused = await sut.request(SUBJECTS.identity.resolveApiKey, { digest: 'd' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RemoteError);
    expect((refused as RemoteError).status).toBe(500);
    dressed.unsubscribe();
  });

  it('times each call by subject, without the prefix, and by how it ended', async () => {
    const subject = SUBJECTS.identity.forgotPassword;
    const answering = await listen(subject, (message) => message.respond(JSON.stringify({ id: packetOf(message).id, response: { ok: true } })));
    await sut.request(subject, {});
    answering.unsubscribe();
    await responder.flush();
    await expect(sut.request(subject, {})).rejects.toMatchObject({ reason: 'no-responders' });

    const text = await metrics.text();
    expect(text).toContain(`nats_request_duration_seconds_count{subject="${subject}",outcome="ok"} 1`);
    expect(text).toContain(`nats_request_duration_seconds_count{subject="${subject}",outcome="no-responders"} 1`);
  });
});
