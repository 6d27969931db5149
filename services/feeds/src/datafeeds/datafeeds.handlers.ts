import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DatafeedsQuery, ok, SUBJECTS, validateAs, type Envelope, type Reply } from '@platform/contracts';
import { DatafeedsService } from './datafeeds.service.js';

@Controller()
export class DatafeedsHandlers {
  constructor(private readonly feeds: DatafeedsService) {}

  /** GET /api/datafeeds: the list without `feed`, one feed (or its free preview) with it. */
  @MessagePattern(SUBJECTS.feeds.datafeeds)
  async datafeeds(@Payload() envelope: Envelope): Promise<Reply> {
    const { feed, preview } = validateAs(DatafeedsQuery, envelope.query);
    return feed === undefined ? ok(this.feeds.list()) : this.feeds.read(feed, preview === 'true');
  }
}
