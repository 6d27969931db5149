import { Injectable } from '@nestjs/common';
import { probeVideo } from '@platform/ffmpeg';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Assets } from './assets.service.js';
import type { MuxUpload } from './mux.models.js';
import { StreamingError } from './streaming-error.js';
import { streamingId } from './streaming-ids.js';
import { StreamingStore } from './streaming-store.service.js';

type Fields = Record<string, unknown>;

/** What a file is, read with ffprobe as the provider reads what it ingests; a file that is no video is refused. */
async function probed(file: Buffer): Promise<{ width: number; height: number; duration: number }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sandbox-upload-'));
  try {
    const location = path.join(directory, 'upload');
    await writeFile(location, file);
    const { width, height, durationSec } = await probeVideo(location);
    return { width, height, duration: durationSec };
  } catch {
    throw new StreamingError(400, 'The uploaded file is not a video');
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Direct uploads (`/video/v1/uploads`): a URL to PUT the file to, which then becomes an asset. */
@Injectable()
export class Uploads {
  constructor(private readonly store: StreamingStore, private readonly assets: Assets) {}

  /** `baseUrl`: the sandbox as the caller reached it, so the upload URL is one it can reach. */
  create(params: Fields, baseUrl: string): MuxUpload {
    const id = streamingId();
    const upload: MuxUpload = {
      id,
      url: `${baseUrl}/mux/uploads/${id}`,
      status: 'waiting',
      timeout: typeof params.timeout === 'number' ? params.timeout : 3600,
      cors_origin: typeof params.cors_origin === 'string' ? params.cors_origin : '*',
      ...(params.new_asset_settings && typeof params.new_asset_settings === 'object' ? { new_asset_settings: params.new_asset_settings as Fields } : {}),
      test: params.test === true,
    };
    this.store.uploads.set(id, upload);
    return upload;
  }

  get(id: string): MuxUpload {
    const upload = this.store.uploads.get(id);
    if (!upload) throw new StreamingError(404, 'Upload not found');
    return upload;
  }

  /** The file arrived: probed, made an asset with the upload's settings, announced as the provider does, in the background. */
  async receive(id: string, file: Buffer): Promise<void> {
    const upload = this.get(id);
    if (upload.status !== 'waiting') throw new StreamingError(400, 'Upload already received');
    const { width, height, duration } = await probed(file);
    const passthrough = upload.new_asset_settings?.passthrough;
    const { asset } = this.assets.ready({ width, height, duration, file, uploadId: id, ...(typeof passthrough === 'string' ? { passthrough } : {}) });
    upload.status = 'asset_created';
    upload.asset_id = asset.id;
  }
}
