import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, SUBJECTS, type Envelope } from '@platform/contracts';
import { agentTarget as target } from '../agents/agents.service.js';
import { VerificationService } from './verification.service.js';

/** /api/agents/:id/verify on both surfaces (owner on web), and the backend's /api/agents/:id/verification. */
@Controller()
export class VerificationHandlers {
  constructor(private readonly verification: VerificationService) {}

  @MessagePattern(SUBJECTS.agents.verify)
  async verify(@Payload() envelope: Envelope) {
    return ok(await this.verification.verify(...target(envelope)));
  }

  @MessagePattern(SUBJECTS.agents.getVerification)
  async latest(@Payload() envelope: Envelope) {
    return ok(await this.verification.latest(...target(envelope)));
  }

  @MessagePattern(SUBJECTS.agents.clearVerification)
  async clear(@Payload() envelope: Envelope) {
    return ok(await this.verification.clear(...target(envelope)));
  }
}
