import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateStreamDto, ok, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { LiveStreams } from './live-streams.service.js';
import { StreamCreation } from './stream-creation.service.js';

@Controller()
export class RadioHandlers {
  constructor(private readonly live: LiveStreams, private readonly streams: StreamCreation) {}

  @MessagePattern(SUBJECTS.media.liveStreams)
  async list() {
    return ok(await this.live.live());
  }

  @MessagePattern(SUBJECTS.media.createStream)
  async create(@Payload() envelope: Envelope) {
    return ok(await this.streams.create(validateAs(CreateStreamDto, envelope.body), envelope.requestId));
  }
}
