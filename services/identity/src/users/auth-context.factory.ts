import { Inject, Injectable } from '@nestjs/common';
import { isAdminEmail, type AuthContext } from '@platform/contracts';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { IdentityEnv } from '../identity.env.js';
import type { UserEntity } from './user.entity.js';

@Injectable()
export class AuthContextFactory {
  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  for(user: UserEntity, via: AuthContext['via'], sessionDigest?: string): AuthContext {
    return {
      userId: user.id,
      email: user.email,
      name: user.name,
      isAdmin: isAdminEmail(this.env.ADMIN_EMAILS, user.email),
      plan: user.plan,
      subscriptionStatus: user.subscriptionStatus,
      via,
      ...(sessionDigest ? { sessionDigest } : {}),
    };
  }
}
