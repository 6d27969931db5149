import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EstimateCostDto, ok, SelectModelDto, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { AccessGuard } from '../access/access.guard.js';
import { ModelsService } from './models.service.js';

@Controller()
export class ModelsHandlers {
  constructor(private readonly models: ModelsService, private readonly access: AccessGuard) {}

  @MessagePattern(SUBJECTS.ai.health)
  health() {
    return this.models.health();
  }

  @MessagePattern(SUBJECTS.ai.models)
  list() {
    return ok(this.models.list());
  }

  @MessagePattern(SUBJECTS.ai.providerModels)
  listByProvider(@Payload() envelope: Envelope) {
    return ok(this.models.listByProvider(envelope.params.provider ?? ''));
  }

  @MessagePattern(SUBJECTS.ai.selectModel)
  select(@Payload() envelope: Envelope) {
    return ok(this.models.select(validateAs(SelectModelDto, envelope.body).taskType ?? 'general'));
  }

  @MessagePattern(SUBJECTS.ai.estimateCost)
  async estimate(@Payload() envelope: Envelope) {
    await this.access.check(envelope, false);
    return ok(this.models.estimate(validateAs(EstimateCostDto, envelope.body)));
  }
}
