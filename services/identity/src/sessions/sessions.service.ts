import { Injectable, Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { MoreThan, Not, type FindOptionsWhere } from 'typeorm';
import {
  ApiError, credentialDigest, EVENTS, IDENTITY_MESSAGES as M, SESSION_COOKIE, SESSION_TTL_SECONDS, type AuthContext, type LoginDto,
  type OkReply, type Reply, type ReplyCookie, type SignedInView,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { EventBus } from '@platform/messaging';
import { Clock } from '../clock.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { AuthContextFactory } from '../users/auth-context.factory.js';
import { UserEntity } from '../users/user.entity.js';
import { SessionEntity } from './session.entity.js';

@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly db: Db,
    private readonly hasher: PasswordHasher,
    private readonly contexts: AuthContextFactory,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /**
   * A new session on every login; an unknown email costs the same hashing as a wrong password.
   * `requestId` ties a logged failure to the gateway's request, as the reply interceptor does.
   */
  async login(dto: LoginDto, requestId: string): Promise<Reply<SignedInView>> {
    try {
      return await this.signIn(dto);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      this.logger.error({ requestId, err: error }, 'Login failed');
      throw new ApiError(500, M.loginFailed);
    }
  }

  private async signIn(dto: LoginDto): Promise<Reply<SignedInView>> {
    const email = dto.email.trim().toLowerCase();
    const user = await this.db.asSystem((manager) => manager.getRepository(UserEntity).findOneBy({ email }));
    const valid = await this.hasher.verify(dto.password, user?.passwordHash ?? null);
    if (!user || !valid) throw new ApiError(401, M.invalidCredentials);
    return { status: 200, body: { ok: true, user: { id: user.id, name: user.name } }, cookies: [await this.open(user.id)] };
  }

  /** A new `service-session` for the user: the cookie every way of signing in (password, provider, wallet) sets. */
  async open(userId: string): Promise<ReplyCookie> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + SESSION_TTL_SECONDS * 1000);
    await this.db.withUser(userId, (manager) =>
      manager.getRepository(SessionEntity).insert({ userId, tokenDigest: credentialDigest(token), expiresAt }));
    return { name: SESSION_COOKIE, value: token, maxAge: SESSION_TTL_SECONDS };
  }

  async resolve(tokenDigest: string): Promise<AuthContext | null> {
    return this.db.asSystem(async (manager) => {
      const session = await manager.getRepository(SessionEntity).findOneBy({ tokenDigest, expiresAt: MoreThan(this.clock.now()) });
      if (!session) return null;
      const user = await manager.getRepository(UserEntity).findOneBy({ id: session.userId });
      return user ? this.contexts.for(user, 'session', tokenDigest) : null;
    });
  }

  async signout(auth: AuthContext | null): Promise<Reply<OkReply>> {
    if (auth?.sessionDigest) {
      await this.db.withUser(auth.userId, (manager) => manager.getRepository(SessionEntity).delete({ tokenDigest: auth.sessionDigest }));
      await this.announceRevocation(auth.userId, 'signout');
    }
    return { status: 200, body: { ok: true }, cookies: [{ name: SESSION_COOKIE, value: '', maxAge: 0 }] };
  }

  async revokeAll(userId: string, reason: string, exceptDigest?: string): Promise<void> {
    const where: FindOptionsWhere<SessionEntity> = exceptDigest ? { userId, tokenDigest: Not(exceptDigest) } : { userId };
    await this.db.asSystem((manager) => manager.getRepository(SessionEntity).delete(where));
    await this.announceRevocation(userId, reason);
  }

  /**
   * Tells every gateway replica to forget what it cached for this user. Best effort: the change is
   * already committed, and a missed broadcast costs at most the cache's few seconds.
   */
  async announceRevocation(userId: string, reason: string): Promise<void> {
    await this.events.publish(EVENTS.identity.sessionsRevoked, { eventId: randomUUID(), userId, reason })
      .catch((error) => this.logger.warn(`Revocation of ${userId} not broadcast: ${String(error)}`));
  }
}
