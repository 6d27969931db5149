import { Injectable } from '@nestjs/common';
import { BoundedMap } from '../payments/bounded-map.js';
import type { MuxAsset, MuxEvent, MuxLiveStream, MuxUpload } from './mux.models.js';

/** What a deleted asset leaves for the hooks to show: the API no longer knows it. */
export interface DeletedAsset {
  id: string;
  deletedAt: string;
}

/**
 * The provider's state, in memory. Bounded, since `npm start` runs the sandbox for days and an
 * uploaded video's bytes are kept to be played back.
 */
@Injectable()
export class StreamingStore {
  readonly liveStreams = new BoundedMap<MuxLiveStream>(1000);
  readonly assets = new BoundedMap<MuxAsset>(1000);
  /** An uploaded asset's file, by asset id. */
  readonly files = new BoundedMap<Buffer>(200);
  /** Which asset a playback id plays. */
  readonly playback = new BoundedMap<string>(1000);
  readonly deleted = new BoundedMap<DeletedAsset>(1000);
  readonly uploads = new BoundedMap<MuxUpload>(1000);
  readonly events = new BoundedMap<MuxEvent>(10_000);
  /** Asset deletions still to refuse with a 500 (PUT /mux/controls), for retry tests. */
  failAssetDeletes = 0;
  /** DELETE /video/v1/assets/:id calls per asset id, refused ones included. */
  readonly deleteCalls = new BoundedMap<number>(1000);
}
