import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule, OutboxModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
import { ApiKeysHandlers } from './api-keys/api-keys.handlers.js';
import { ApiKeysService } from './api-keys/api-keys.service.js';
import { BotCheck } from './bot-check/bot-check.service.js';
import { Clock } from './clock.js';
import { identityDatabase } from './database.js';
import type { IdentityEnv } from './identity.env.js';
import { IDENTITY_ENV } from './identity.tokens.js';
import { Mailer } from './mail/mailer.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { PasswordResetHandlers } from './passwords/password-reset.handlers.js';
import { PasswordResetService } from './passwords/password-reset.service.js';
import { PasswordResetWorker } from './passwords/password-reset.worker.js';
import { SessionsHandlers } from './sessions/sessions.handlers.js';
import { SessionsService } from './sessions/sessions.service.js';
import { AuthContextFactory } from './users/auth-context.factory.js';
import { PlanChangedConsumer } from './users/plan-changed.consumer.js';
import { UsersHandlers } from './users/users.handlers.js';
import { UsersService } from './users/users.service.js';

export const IDENTITY_SERVICE = 'identity';

@Module({})
export class IdentityModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, identityDatabase),
        MessagingModule.forRoot({
          natsUrl: env.NATS_URL,
          prefix: env.NATS_PREFIX,
          serviceName: IDENTITY_SERVICE,
          requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
        }),
        OutboxModule.forRoot(env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
      ],
      controllers: [UsersHandlers, SessionsHandlers, PasswordResetHandlers, ApiKeysHandlers],
      providers: [
        { provide: IDENTITY_ENV, useValue: env },
        Clock,
        PasswordHasher,
        AuthContextFactory,
        BotCheck,
        Mailer,
        UsersService,
        SessionsService,
        ApiKeysService,
        PasswordResetService,
        PasswordResetWorker,
        PlanChangedConsumer,
      ],
    };
  }
}
