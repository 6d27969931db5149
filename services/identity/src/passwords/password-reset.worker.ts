import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { IdentityEnv } from '../identity.env.js';
import { PasswordResetService } from './password-reset.service.js';

@Injectable()
export class PasswordResetWorker implements OnApplicationBootstrap {
  constructor(
    private readonly queues: QueueFactory,
    private readonly resets: PasswordResetService,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.queues.work(QUEUES.identityMail, (job) => this.resets.sendResetLink(job.email));
  }
}
