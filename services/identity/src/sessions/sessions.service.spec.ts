import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApiError, IDENTITY_MESSAGES as M, UnavailableError } from '@platform/contracts';
import type { Db } from '@platform/database';
import type { EventBus } from '@platform/messaging';
import { Clock } from '../clock.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import type { AuthContextFactory } from '../users/auth-context.factory.js';
import { SessionsService } from './sessions.service.js';

describe('SessionsService.login', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers 503 with Retry-After, logging nothing of its own, when the database cannot be reached', async () => {
    const db = { asSystem: () => Promise.reject(new UnavailableError()) } as unknown as Db;
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const sut = new SessionsService(db, new PasswordHasher(), {} as AuthContextFactory, {} as EventBus, new Clock());

    const failure = await sut.login({ email: 'a@example.com', password: 'longenough' }, 'request-1').catch((error: unknown) => error);

    expect(failure).toMatchObject({ status: 503, message: 'Service unavailable', headers: { 'Retry-After': '5' } });
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers 500 "Login failed", not the cause, when the database fails, and logs the cause with the request id', async () => {
    const cause = new Error('connection refused');
    const db = { asSystem: () => Promise.reject(cause) } as unknown as Db;
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const sut = new SessionsService(db, new PasswordHasher(), {} as AuthContextFactory, {} as EventBus, new Clock());

    const failure = sut.login({ email: 'a@example.com', password: 'longenough' }, 'request-1').catch((error: unknown) => error);

    await expect(failure).resolves.toBeInstanceOf(ApiError);
    expect(await failure).toMatchObject({ status: 500, message: M.loginFailed });
    expect(logged).toHaveBeenCalledWith({ requestId: 'request-1', err: cause }, 'Login failed');
  });
});
