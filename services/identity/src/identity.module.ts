import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule, OutboxModule } from '@platform/messaging';
import { QueueModule, RedisModule } from '@platform/queue';
import { ApiKeysHandlers } from './api-keys/api-keys.handlers.js';
import { ApiKeysService } from './api-keys/api-keys.service.js';
import { KeyListCache } from './api-keys/key-list-cache.js';
import { KeySpendClient } from './api-keys/key-spend.client.js';
import { BotCheck } from './bot-check/bot-check.service.js';
import { Clock } from './clock.js';
import { GateTokenHandlers } from './gate-token/gate-token.handlers.js';
import { gateTokenReaderProvider } from './gate-token/gate-token-reader.provider.js';
import { GateTokenService } from './gate-token/gate-token.service.js';
import { identityDatabase } from './database.js';
import { CodeHostClient } from './external-sign-in/code-host-client.js';
import { ExternalAccounts } from './external-sign-in/external-accounts.service.js';
import { ExternalSignInHandlers } from './external-sign-in/external-sign-in.handlers.js';
import { ExternalSignIn } from './external-sign-in/external-sign-in.service.js';
import { IdpClient } from './external-sign-in/idp-client.js';
import { IdpTokens } from './external-sign-in/idp-tokens.service.js';
import { SignInStateCookie } from './external-sign-in/sign-in-state.js';
import type { IdentityEnv } from './identity.env.js';
import { IDENTITY_ENV } from './identity.tokens.js';
import { Mailer } from './mail/mailer.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { PasswordResetHandlers } from './passwords/password-reset.handlers.js';
import { PasswordResetService } from './passwords/password-reset.service.js';
import { PasswordResetWorker } from './passwords/password-reset.worker.js';
import { RiscActions } from './risc/risc-actions.service.js';
import { RiscReceivedConsumer } from './risc/risc-received.consumer.js';
import { RiscReceiver } from './risc/risc-receiver.service.js';
import { RiscSigningKeys } from './risc/risc-signing-keys.js';
import { RiscVerifier } from './risc/risc-verifier.js';
import { RiscHandlers } from './risc/risc.handlers.js';
import { SessionsHandlers } from './sessions/sessions.handlers.js';
import { SessionsService } from './sessions/sessions.service.js';
import { AuthContextFactory } from './users/auth-context.factory.js';
import { PlanChangedConsumer } from './users/plan-changed.consumer.js';
import { UsersHandlers } from './users/users.handlers.js';
import { UserRegistrations } from './users/user-registrations.js';
import { UsersService } from './users/users.service.js';
import { chainClientsProvider } from './wallet-auth/chain-clients.provider.js';
import { SiweNonces } from './wallet-auth/siwe-nonces.js';
import { WalletAuthHandlers } from './wallet-auth/wallet-auth.handlers.js';
import { WalletAuthService } from './wallet-auth/wallet-auth.service.js';
import { WalletUsers } from './wallet-auth/wallet-users.service.js';

export const IDENTITY_SERVICE = 'identity';

@Module({})
export class IdentityModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, identityDatabase),
        MessagingModule.forService(IDENTITY_SERVICE, env),
        OutboxModule.forRoot(env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
        RedisModule.forRoot(env.REDIS_URL),
      ],
      controllers: [
        UsersHandlers, SessionsHandlers, PasswordResetHandlers, ApiKeysHandlers, WalletAuthHandlers, GateTokenHandlers, ExternalSignInHandlers, RiscHandlers,
      ],
      providers: [
        { provide: IDENTITY_ENV, useValue: env },
        Clock,
        PasswordHasher,
        AuthContextFactory,
        BotCheck,
        Mailer,
        UserRegistrations,
        UsersService,
        SessionsService,
        ApiKeysService,
        KeyListCache,
        KeySpendClient,
        PasswordResetService,
        PasswordResetWorker,
        PlanChangedConsumer,
        chainClientsProvider,
        SiweNonces,
        WalletUsers,
        WalletAuthService,
        gateTokenReaderProvider,
        GateTokenService,
        IdpClient,
        CodeHostClient,
        SignInStateCookie,
        ExternalAccounts,
        ExternalSignIn,
        IdpTokens,
        RiscSigningKeys,
        RiscVerifier,
        RiscReceiver,
        RiscActions,
        RiscReceivedConsumer,
      ],
    };
  }
}
