import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, SUBJECTS, SummarizeDto, validateAs, type Envelope } from '@platform/contracts';
import { SummarizerService } from './summarizer.service.js';

/** The summarizer surface (:3100), routed by the gateway. */
@Controller()
export class SummarizerHandlers {
  constructor(private readonly summarizer: SummarizerService) {}

  @MessagePattern(SUBJECTS.summarizer.info)
  info() {
    return ok(this.summarizer.info());
  }

  @MessagePattern(SUBJECTS.summarizer.health)
  health() {
    return ok(this.summarizer.health());
  }

  @MessagePattern(SUBJECTS.summarizer.summarize)
  async summarize(@Payload() envelope: Envelope) {
    return ok(await this.summarizer.summarize(validateAs(SummarizeDto, envelope.body).url));
  }

  @MessagePattern(SUBJECTS.summarizer.extract)
  async extract(@Payload() envelope: Envelope) {
    return ok(await this.summarizer.extract(validateAs(SummarizeDto, envelope.body).url));
  }
}
