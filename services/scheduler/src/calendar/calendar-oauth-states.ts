import { Inject, Injectable } from '@nestjs/common';
import { hkdfSync, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { Db } from '@platform/database';
import type { SchedulerEnv } from '../scheduler.env.js';
import { SCHEDULER_ENV } from '../scheduler.tokens.js';
import { CalendarOAuthStateEntity } from './calendar-oauth-state.entity.js';

const AUDIENCE = 'calendar-oauth-state';

/**
 * The OAuth `state` of a calendar consent: a JWT signed with a key derived from SECRETS_KEY, naming
 * the user and a nonce stored here; the callback deletes the nonce, so a state is good once and
 * only until it expires (docs/spec-decisions.md). The spec's bare userId would let anyone connect
 * their calendar to someone else's account.
 */
@Injectable()
export class CalendarOAuthStates {
  private readonly key: Uint8Array;

  constructor(@Inject(SCHEDULER_ENV) private readonly env: SchedulerEnv, private readonly db: Db) {
    this.key = new Uint8Array(hkdfSync('sha256', Buffer.from(env.SECRETS_KEY, 'base64'), Buffer.alloc(0), AUDIENCE, 32));
  }

  async issue(userId: string): Promise<string> {
    const nonce = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + this.env.CALENDAR_STATE_TTL_MS);
    await this.db.withUser(userId, async (manager) => {
      await manager.createQueryBuilder().delete().from(CalendarOAuthStateEntity)
        .where('user_id = :userId AND expires_at <= now()', { userId }).execute();
      await manager.insert(CalendarOAuthStateEntity, { nonce, userId, expiresAt });
    });
    return new SignJWT({ nonce }).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setAudience(AUDIENCE)
      .setIssuedAt().setExpirationTime(Math.floor(expiresAt.getTime() / 1000)).sign(this.key);
  }

  /** The user a state was issued to, consuming it; null when it is forged, expired or already used. */
  async consume(state: string): Promise<string | null> {
    let claims: { sub?: string; nonce?: unknown };
    try {
      claims = (await jwtVerify(state, this.key, { audience: AUDIENCE, algorithms: ['HS256'] })).payload;
    } catch {
      return null;
    }
    const { sub: userId, nonce } = claims;
    if (!userId || typeof nonce !== 'string') return null;
    const deleted = await this.db.withUser(userId, (manager) => manager.createQueryBuilder().delete().from(CalendarOAuthStateEntity)
      .where('nonce = :nonce AND user_id = :userId AND expires_at > now()', { nonce, userId }).execute());
    return deleted.affected ? userId : null;
  }
}
