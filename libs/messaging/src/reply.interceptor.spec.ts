import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { firstValueFrom, of, throwError } from 'rxjs';
import { ApiError, SUBJECTS, UnavailableError } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { NatsMetrics } from './nats.metrics.js';
import { ReplyInterceptor } from './reply.interceptor.js';

const PREFIX = 't1.';

const contextFor = (subject: string) => ({
  switchToRpc: () => ({ getData: () => ({ requestId: 'req-1' }), getContext: () => ({ getSubject: () => `${PREFIX}${subject}` }) }),
}) as unknown as ExecutionContext;

const route = contextFor(SUBJECTS.identity.login);
const query = contextFor(SUBJECTS.identity.resolveSession);

const handlerThat = (outcome: () => unknown): CallHandler => ({
  handle: () => {
    try {
      return of(outcome());
    } catch (error) {
      return throwError(() => error);
    }
  },
});

const failing = (error: Error) => handlerThat(() => {
  throw error;
});

describe('ReplyInterceptor', () => {
  const metrics = new ServiceMetrics();
  const sut = new ReplyInterceptor(PREFIX, metrics.of(NatsMetrics));

  it('passes a reply through', async () => {
    const reply = await firstValueFrom(sut.intercept(route, handlerThat(() => ({ status: 201, body: { id: 'x' } }))));
    expect(reply).toEqual({ status: 201, body: { id: 'x' } });
  });

  it('turns an ApiError on a route into its status and { error, code, ...extra }', async () => {
    const reply = await firstValueFrom(sut.intercept(route, failing(new ApiError(402, 'Paid plan required', { code: 'PLAN_REQUIRED', success: false }))));
    expect(reply).toEqual({ status: 402, body: { success: false, code: 'PLAN_REQUIRED', error: 'Paid plan required' } });
  });

  it('turns an unavailable dependency on a route into 503 with Retry-After', async () => {
    const reply = await firstValueFrom(sut.intercept(route, failing(new UnavailableError())));
    expect(reply).toEqual({ status: 503, body: { error: 'Service unavailable' }, headers: { 'Retry-After': '5' } });
  });

  it('turns anything else on a route into a 500 without its message or stack', async () => {
    const reply = await firstValueFrom(sut.intercept(route, failing(new Error('relation "secret_table" does not exist'))));
    expect(reply).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });

  it('keeps an error on a query an error, never an answer, without its details', async () => {
    const failure = firstValueFrom(sut.intercept(query, failing(new Error('connection terminated'))));
    await expect(failure).rejects.toBeInstanceOf(RpcException);
    await expect(failure.catch((error: RpcException) => error.getError())).resolves.toEqual({ status: 'error', message: 'Internal server error', statusCode: 500 });
  });

  it.each([
    ['a refusal', new ApiError(400, 'Invalid digest'), { status: 'error', message: 'Invalid digest', statusCode: 400 }],
    ['an unavailable dependency', new UnavailableError('Calendar provider not configured'), { status: 'error', message: 'Calendar provider not configured', statusCode: 503 }],
  ])('keeps an ApiError on a query an error too (%s), with its words and its status', async (_case, error, remote) => {
    const failure = firstValueFrom(sut.intercept(query, failing(error)));
    await expect(failure.catch((thrown: RpcException) => thrown.getError())).resolves.toEqual(remote);
  });

  it('counts each handler per subject, without the prefix, by outcome', async () => {
    await firstValueFrom(sut.intercept(route, handlerThat(() => ({ status: 200, body: {} }))));
    await firstValueFrom(sut.intercept(route, failing(new ApiError(409, 'Taken'))));
    await firstValueFrom(sut.intercept(route, failing(new Error('boom'))));
    const text = await metrics.text();
    for (const outcome of ['ok', 'refused', 'error']) {
      expect(text).toMatch(new RegExp(`nats_handler_duration_seconds_count\\{subject="${SUBJECTS.identity.login}",outcome="${outcome}"\\} [1-9]`));
    }
  });
});
