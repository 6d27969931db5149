import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, SUBJECTS, type Envelope } from '@platform/contracts';
import { SubscriptionDeployService } from './subscription-deploy.service.js';

@Controller()
export class SubscriptionDeployHandlers {
  constructor(private readonly deployments: SubscriptionDeployService) {}

  @MessagePattern(SUBJECTS.billing.deploySubscription)
  async deploy(@Payload() envelope: Envelope) {
    return ok(await this.deployments.deploy(envelope.body));
  }
}
