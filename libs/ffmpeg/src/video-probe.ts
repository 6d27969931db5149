import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { videoTools } from './video-tools.js';

const run = promisify(execFile);

/** What ffprobe reads of a video file. */
export interface ProbedVideo {
  /** The container's duration, seconds. */
  durationSec: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  /** ffprobe's names of the container format, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  format: string;
}

interface ProbeOutput {
  format?: { duration?: string; format_name?: string };
  streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number }>;
}

/** Reads a video file with ffprobe; throws when ffprobe cannot read it or it has no video stream. */
export async function probeVideo(file: string, ffprobe = videoTools().ffprobe): Promise<ProbedVideo> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeout: 30_000 });
  const output = JSON.parse(stdout) as ProbeOutput;
  const video = output.streams?.find((stream) => stream.codec_type === 'video');
  const duration = Number(output.format?.duration);
  if (!video?.width || !video.height || !Number.isFinite(duration)) throw new Error(`${file} has no readable video stream`);
  return {
    durationSec: duration,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: output.streams?.find((stream) => stream.codec_type === 'audio')?.codec_name ?? null,
    format: output.format?.format_name ?? 'unknown',
  };
}
