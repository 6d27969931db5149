import type { ServiceDatabase } from '@platform/database';
import { OutboxEventEntity } from '@platform/messaging';
import { ApiKeyEntity } from './api-keys/api-key.entity.js';
import { IdentityInitial1763700000000 } from './migrations/1763700000000-identity-initial.js';
import { PasswordResetEntity } from './passwords/password-reset.entity.js';
import { SessionEntity } from './sessions/session.entity.js';
import { UserEntity } from './users/user.entity.js';

export const identityDatabase: ServiceDatabase = {
  schema: 'identity',
  entities: [UserEntity, SessionEntity, ApiKeyEntity, PasswordResetEntity, OutboxEventEntity],
  migrations: [IdentityInitial1763700000000],
};
