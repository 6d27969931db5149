import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DemoChatDto, ok, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { DemoService } from './demo.service.js';

@Controller()
export class DemoHandlers {
  constructor(private readonly demo: DemoService) {}

  @MessagePattern(SUBJECTS.ai.demoModels)
  models() {
    return ok(this.demo.models());
  }

  @MessagePattern(SUBJECTS.ai.demoChat)
  async chat(@Payload() envelope: Envelope) {
    return ok(await this.demo.chat(validateAs(DemoChatDto, envelope.body)));
  }
}
