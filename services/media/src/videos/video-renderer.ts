import { Inject, Injectable } from '@nestjs/common';
import type { GenerateVideoDto } from '@platform/contracts';
import { videoTools, type VideoTools } from '@platform/ffmpeg';
import { execFile } from 'node:child_process';
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';
import { ffmpegArgs, WORK_FILES } from './ffmpeg-args.js';
import type { ImageKind } from './image-kind.js';
import { slidesFor } from './video-scenes.js';

const run = promisify(execFile);

export interface RenderImage {
  bytes: Buffer;
  kind: ImageKind;
}

/** Composes a generated video with ffmpeg (libs/ffmpeg finds it) in a working directory the caller owns. */
@Injectable()
export class VideoRenderer {
  private readonly tools: VideoTools;

  constructor(@Inject(MEDIA_ENV) private readonly env: MediaEnv) {
    this.tools = videoTools(env);
  }

  /** The rendered MP4's path, inside `directory`. */
  async render(input: GenerateVideoDto, image: RenderImage | null, directory: string): Promise<string> {
    const { args, files } = ffmpegArgs(input.type, slidesFor(input), image?.kind ?? null);
    await symlink(this.tools.font, path.join(directory, WORK_FILES.font));
    await Promise.all(files.map((file) => writeFile(path.join(directory, file.name), file.text)));
    if (image) await writeFile(path.join(directory, WORK_FILES.image(image.kind)), image.bytes);
    try {
      await run(this.tools.ffmpeg, args, { cwd: directory, timeout: this.env.MEDIA_RENDER_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 });
    } catch (error) {
      const { stderr, killed } = error as { stderr?: string; killed?: boolean };
      throw new Error(killed ? `ffmpeg ran past ${this.env.MEDIA_RENDER_TIMEOUT_MS} ms` : `ffmpeg failed: ${(stderr ?? String(error)).trim().slice(-500)}`);
    }
    return path.join(directory, WORK_FILES.output);
  }
}
