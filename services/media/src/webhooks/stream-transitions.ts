import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StreamEntity } from '../radio/stream.entity.js';
import type { EventOutcome } from './event-outcome.js';

/**
 * Extended-services 3: `video.live_stream.active` puts a stream on the air (startedAt is when the
 * provider saw it go live), `video.live_stream.idle` stops it. Events apply in the provider's order:
 * one older than the last applied (a late retry) changes nothing.
 */
@Injectable()
export class StreamTransitions {
  private readonly logger = new Logger(StreamTransitions.name);

  async apply(manager: EntityManager, providerStreamId: string, status: 'active' | 'idle', at: Date): Promise<EventOutcome> {
    const stream = await manager.findOne(StreamEntity, { where: { providerStreamId }, lock: { mode: 'pessimistic_write' } });
    if (!stream) return { outcome: 'unknown_stream', wallet: null };
    if (stream.statusAt && stream.statusAt > at) return { outcome: 'stale', wallet: stream.wallet };
    Object.assign(stream, status === 'active' ? { status, startedAt: at, endedAt: null, statusAt: at } : { status, endedAt: at, statusAt: at });
    await manager.save(stream);
    this.logger.log({ msg: status === 'active' ? 'Stream active' : 'Stream stopped', streamId: stream.id, wallet: stream.wallet });
    return { outcome: 'applied', wallet: stream.wallet };
  }
}
