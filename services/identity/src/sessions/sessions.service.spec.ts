import { ApiError, IDENTITY_MESSAGES as M } from '@platform/contracts';
import type { Db } from '@platform/database';
import type { EventBus } from '@platform/messaging';
import { Clock } from '../clock.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import type { AuthContextFactory } from '../users/auth-context.factory.js';
import { SessionsService } from './sessions.service.js';

describe('SessionsService.login', () => {
  it('answers 500 "Login failed", not the cause, when the database fails', async () => {
    const db = { asSystem: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const sut = new SessionsService(db, new PasswordHasher(), {} as AuthContextFactory, {} as EventBus, new Clock());

    const failure = sut.login({ email: 'a@example.com', password: 'longenough' }).catch((error: unknown) => error);

    await expect(failure).resolves.toBeInstanceOf(ApiError);
    expect(await failure).toMatchObject({ status: 500, message: M.loginFailed });
  });
});
