import { Injectable, Inject } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Db, isUniqueViolation } from '@platform/database';
import { Outbox } from '@platform/messaging';
import { secretBoxFromKey, type SecretBox } from '@platform/secrets';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import { UserEntity } from '../users/user.entity.js';
import { UserRegistrations } from '../users/user-registrations.js';
import type { ExternalProfile } from './external-profile.js';
import { IdpSignInBlockEntity } from './idp-sign-in-block.entity.js';
import { LinkedAccountEntity, type ExternalProvider } from './linked-account.entity.js';
import { SignInFailure } from './sign-in-failure.js';

/** What a refresh token is sealed to: a sealed value copied to another row does not open. */
export const refreshTokenContext = (provider: ExternalProvider, subject: string): string => `refresh-token:${provider}:${subject}`;

/**
 * The user behind an external account: the one already linked to it, else the user with its
 * email (linked now: platform-core 4.2's automatic linking), else a new user.
 */
@Injectable()
export class ExternalAccounts {
  private readonly box: SecretBox | null;

  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly registrations: UserRegistrations,
    @Inject(IDENTITY_ENV) env: IdentityEnv,
  ) {
    this.box = env.SECRETS_KEY ? secretBoxFromKey(env.SECRETS_KEY) : null;
  }

  async userFor(provider: ExternalProvider, profile: ExternalProfile): Promise<string> {
    const sealed = profile.refreshToken && this.box
      ? await this.box.seal(profile.refreshToken, refreshTokenContext(provider, profile.subject))
      : undefined;
    const userId = await this.link(provider, profile, sealed).catch((error: unknown) => {
      // Two first sign-ins at once: the other one made the user or the link; this one finds it.
      if (isUniqueViolation(error)) return this.link(provider, profile, sealed);
      throw error;
    });
    void this.outbox.flush();
    if (provider === 'idp' && await this.blocked(userId)) throw new SignInFailure('IdpAccountDisabled');
    return userId;
  }

  private link(provider: ExternalProvider, profile: ExternalProfile, sealed: string | undefined): Promise<string> {
    return this.db.asSystem(async (manager) => {
      const links = manager.getRepository(LinkedAccountEntity);
      const linked = await links.findOneBy({ provider, subject: profile.subject });
      if (linked) {
        await links.update({ id: linked.id }, { email: profile.email || linked.email, ...(sealed ? { refreshTokenSealed: sealed } : {}) });
        return linked.userId;
      }
      if (!profile.email) throw new SignInFailure('IdpNoEmail');
      const email = profile.email.trim().toLowerCase();
      const user = await manager.getRepository(UserEntity).findOneBy({ email }) ?? await this.createUser(manager, email, profile.name);
      await links.insert({ userId: user.id, provider, subject: profile.subject, email, refreshTokenSealed: sealed ?? null });
      return user.id;
    });
  }

  private async createUser(manager: EntityManager, email: string, name: string): Promise<UserEntity> {
    return (await this.registrations.create(manager, { email, name: name.trim() || email, passwordHash: null }))
      ?? manager.findOneByOrFail(UserEntity, { email });
  }

  private async blocked(userId: string): Promise<boolean> {
    return this.db.asSystem((manager) => manager.getRepository(IdpSignInBlockEntity).existsBy({ userId }));
  }
}
