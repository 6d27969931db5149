import { Injectable } from '@nestjs/common';
import { STREAM_EVENT_TYPES } from '@platform/contracts';
import { Clock } from '../clock.service.js';
import type { MuxLiveStream } from './mux.models.js';
import { StreamingError } from './streaming-error.js';
import { StreamingEvents, type StreamingDelivery } from './streaming-events.service.js';
import { streamingId } from './streaming-ids.js';
import { StreamingStore } from './streaming-store.service.js';

type Fields = Record<string, unknown>;

/** Live streams (`/video/v1/live-streams`): made idle; the hooks play the encoder connecting and leaving. */
@Injectable()
export class LiveStreams {
  constructor(private readonly store: StreamingStore, private readonly events: StreamingEvents, private readonly clock: Clock) {}

  create(params: Fields): MuxLiveStream {
    const policies = Array.isArray(params.playback_policies) ? params.playback_policies : params.playback_policy;
    const stream: MuxLiveStream = {
      id: streamingId(),
      stream_key: streamingId(40),
      status: 'idle',
      playback_ids: (Array.isArray(policies) ? policies : ['public']).map((policy) => ({ id: streamingId(), policy: policy === 'signed' ? 'signed' : 'public' })),
      created_at: String(Math.floor(this.clock.now() / 1000)),
      latency_mode: params.latency_mode === 'low' || params.latency_mode === 'reduced' ? params.latency_mode : 'standard',
      max_continuous_duration: 43_200,
      reconnect_window: 60,
      ...(params.new_asset_settings && typeof params.new_asset_settings === 'object' ? { new_asset_settings: params.new_asset_settings as Fields } : {}),
      ...(typeof params.passthrough === 'string' ? { passthrough: params.passthrough } : {}),
      recent_asset_ids: [],
      test: params.test === true,
    };
    this.store.liveStreams.set(stream.id, stream);
    return stream;
  }

  get(id: string): MuxLiveStream {
    const stream = this.store.liveStreams.get(id);
    if (!stream) throw new StreamingError(404, 'Live stream not found');
    return stream;
  }

  list(): MuxLiveStream[] {
    return this.store.liveStreams.newestFirst();
  }

  delete(id: string): void {
    this.get(id).status = 'disabled';
  }

  /** The encoder connected (`active`) or left (`idle`): the provider tells the platform. */
  transition(id: string, status: 'active' | 'idle'): StreamingDelivery {
    const stream = this.get(id);
    stream.status = status;
    const type = status === 'active' ? STREAM_EVENT_TYPES.liveStreamActive : STREAM_EVENT_TYPES.liveStreamIdle;
    return this.events.emit(type, stream, 'live');
  }
}
