import type { ServiceDatabase } from '@platform/database';
import { OutboxEventEntity } from '@platform/messaging';
import { ApiKeyEntity } from './api-keys/api-key.entity.js';
import { IdpSignInBlockEntity } from './external-sign-in/idp-sign-in-block.entity.js';
import { LinkedAccountEntity } from './external-sign-in/linked-account.entity.js';
import { IdentityInitial1763700000000 } from './migrations/1763700000000-identity-initial.js';
import { ExternalSignIn1763800000000 } from './migrations/1763800000000-external-sign-in.js';
import { IdentityWalletLinks1763900000000 } from './migrations/1763900000000-identity-wallet-links.js';
import { ApiKeySpendCap1764100000000 } from './migrations/1764100000000-api-key-spend-cap.js';
import { PasswordResetEntity } from './passwords/password-reset.entity.js';
import { RiscEventEntity } from './risc/risc-event.entity.js';
import { SessionEntity } from './sessions/session.entity.js';
import { UserEntity } from './users/user.entity.js';
import { WalletLinkEntity } from './wallet-auth/wallet-link.entity.js';

export const identityDatabase: ServiceDatabase = {
  schema: 'identity',
  entities: [UserEntity, SessionEntity, ApiKeyEntity, PasswordResetEntity, OutboxEventEntity, LinkedAccountEntity, IdpSignInBlockEntity, RiscEventEntity, WalletLinkEntity],
  migrations: [IdentityInitial1763700000000, ExternalSignIn1763800000000, IdentityWalletLinks1763900000000, ApiKeySpendCap1764100000000],
};
