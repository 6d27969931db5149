import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { firstValueFrom, of, throwError } from 'rxjs';
import { ApiError } from '@platform/contracts';
import { ReplyInterceptor } from './reply.interceptor.js';

const context = {
  switchToRpc: () => ({ getData: () => ({ requestId: 'req-1' }) }),
} as unknown as ExecutionContext;

const handlerThat = (outcome: () => unknown): CallHandler => ({
  handle: () => {
    try {
      return of(outcome());
    } catch (error) {
      return throwError(() => error);
    }
  },
});

describe('ReplyInterceptor', () => {
  const sut = new ReplyInterceptor();

  it('passes a reply through', async () => {
    const reply = await firstValueFrom(sut.intercept(context, handlerThat(() => ({ status: 201, body: { id: 'x' } }))));
    expect(reply).toEqual({ status: 201, body: { id: 'x' } });
  });

  it('turns an ApiError into its status and { error, code, ...extra }', async () => {
    const reply = await firstValueFrom(sut.intercept(context, handlerThat(() => {
      throw new ApiError(402, 'Paid plan required', { code: 'PLAN_REQUIRED', success: false });
    })));
    expect(reply).toEqual({ status: 402, body: { success: false, code: 'PLAN_REQUIRED', error: 'Paid plan required' } });
  });

  it('turns anything else into a 500 without its message or stack', async () => {
    const reply = await firstValueFrom(sut.intercept(context, handlerThat(() => {
      throw new Error('relation "secret_table" does not exist');
    })));
    expect(reply).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });
});
