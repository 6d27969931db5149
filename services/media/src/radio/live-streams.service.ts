import { Injectable } from '@nestjs/common';
import type { LiveDjList } from '@platform/contracts';
import { Db } from '@platform/database';
import { StreamingProvider } from '../provider/streaming-provider.js';
import { StreamEntity } from './stream.entity.js';
import { liveDjView } from './stream-views.js';

/** A bound on the answer, which has no paging (docs/spec-decisions.md): the most recently started first. */
const LIVE_LIST_LIMIT = 500;

/** GET /api/radio/live (4.6): the streams the provider last said are active, as its webhooks told us. */
@Injectable()
export class LiveStreams {
  constructor(private readonly db: Db, private readonly provider: StreamingProvider) {}

  async live(): Promise<LiveDjList> {
    this.provider.assertConfigured();
    const streams = await this.db.asSystem((manager) =>
      manager.find(StreamEntity, { where: { status: 'active' }, order: { startedAt: 'DESC', id: 'ASC' }, take: LIVE_LIST_LIMIT }));
    return { djs: streams.map((stream) => liveDjView(stream, this.provider)), count: streams.length };
  }
}
