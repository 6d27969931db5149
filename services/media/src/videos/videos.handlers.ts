import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, requireUser, SUBJECTS, validateAs, validateGenerateVideo, VideoJobIdDto, type Envelope } from '@platform/contracts';
import { VideosService } from './videos.service.js';

@Controller()
export class VideosHandlers {
  constructor(private readonly videos: VideosService) {}

  @MessagePattern(SUBJECTS.media.generateVideo)
  generate(@Payload() envelope: Envelope) {
    return this.videos.generate(requireUser(envelope).userId, validateGenerateVideo(envelope.body));
  }

  @MessagePattern(SUBJECTS.media.videoJob)
  async job(@Payload() envelope: Envelope) {
    return ok(await this.videos.job(requireUser(envelope).userId, validateAs(VideoJobIdDto, envelope.params).jobId));
  }
}
