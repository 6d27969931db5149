import type { VideoType } from '@platform/contracts';
import type { ImageKind } from './image-kind.js';
import { FRAME, totalSeconds, wrapText, type Slide } from './video-scenes.js';

/** Files the arguments name, relative to ffmpeg's working directory: no path ever needs escaping in a filter. */
export const WORK_FILES = { font: 'font.ttf', output: 'video.mp4', image: (kind: ImageKind) => `image.${kind.extension}` } as const;

/** A text file drawtext reads (`textfile`), so no user text is ever part of the filter graph. */
export interface TextFile {
  name: string;
  text: string;
}

const BACKGROUND: Record<VideoType, string> = { demo: '0x1e1b4b', marketing: '0x7c2d12', screenshot: '0x0f172a', tutorial: '0x064e3b' };

/** An 8K frame: a bigger image is refused by the decoder rather than decoded into gigabytes. */
const MAX_IMAGE_PIXELS = 7680 * 4320;
const IMAGE_BOX = { width: 1120, height: 520, top: 40 };

interface Layout {
  size: number;
  width: number;
  lines: number;
}

const HEADING: Layout = { size: 60, width: 30, lines: 2 };
const BODY: Layout = { size: 40, width: 44, lines: 5 };
const CAPTION: Layout = { size: 36, width: 52, lines: 2 };

/**
 * `expansion=none`: drawtext would otherwise evaluate `%{...}` in the text. Shown while
 * start <= t < end (between() would show two slides on the frame they meet).
 */
function drawText(file: string, layout: Layout, y: string, start: number, end: number): string {
  return `drawtext=fontfile=${WORK_FILES.font}:textfile=${file}:expansion=none:fontcolor=white:fontsize=${layout.size}:line_spacing=14`
    + `:x=(w-text_w)/2:y=${y}:enable='gte(t,${start})*lt(t,${end})'`;
}

/** The drawtext filters and the text files of every slide. */
function textFilters(slides: readonly Slide[]): { filters: string[]; files: TextFile[] } {
  const filters: string[] = [];
  const files: TextFile[] = [];
  let start = 0;
  slides.forEach((slide, index) => {
    const end = start + slide.seconds;
    const heading = { name: `heading-${index}.txt`, text: wrapText(slide.heading, HEADING.width, HEADING.lines) };
    const body = { name: `body-${index}.txt`, text: wrapText(slide.body, slide.image ? CAPTION.width : BODY.width, slide.image ? CAPTION.lines : BODY.lines) };
    if (heading.text) {
      files.push(heading);
      filters.push(drawText(heading.name, HEADING, body.text ? '(h/2)-text_h-20' : '(h-text_h)/2', start, end));
    }
    if (body.text) {
      files.push(body);
      const y = slide.image ? `${IMAGE_BOX.top + IMAGE_BOX.height + 40}` : heading.text ? '(h/2)+20' : '(h-text_h)/2';
      filters.push(drawText(body.name, slide.image ? CAPTION : BODY, y, start, end));
    }
    start = end;
  });
  return { filters, files };
}

/**
 * ffmpeg's arguments for the slides: a coloured 1280x720 30 fps background, the image (when the
 * slides show one) scaled into its box, the text, and a silent stereo track (players and the
 * provider expect audio), as H.264 + AAC MP4 with the index first (`faststart`) so playback starts at once.
 */
export function ffmpegArgs(type: VideoType, slides: readonly Slide[], image: ImageKind | null): { args: string[]; files: TextFile[] } {
  const seconds = totalSeconds(slides);
  const { filters, files } = textFilters(slides);
  const inputs = [
    '-f', 'lavfi', '-i', `color=c=${BACKGROUND[type]}:s=${FRAME.width}x${FRAME.height}:r=${FRAME.fps}:d=${seconds}`,
    '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo',
    ...(image ? ['-max_pixels', String(MAX_IMAGE_PIXELS), '-c:v', image.decoder, '-loop', '1', '-framerate', String(FRAME.fps), '-t', String(seconds), '-i', WORK_FILES.image(image)] : []),
  ];
  const base = image
    ? `[2:v]scale=${IMAGE_BOX.width}:${IMAGE_BOX.height}:force_original_aspect_ratio=decrease[image];[0:v][image]overlay=x=(W-w)/2:y=${IMAGE_BOX.top}:shortest=1[base];[base]`
    : '[0:v]';
  const graph = `${base}${filters.length ? filters.join(',') : 'null'},format=yuv420p[video]`;
  return {
    args: [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...inputs,
      '-filter_complex', graph, '-map', '[video]', '-map', '1:a', '-t', String(seconds),
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-r', String(FRAME.fps),
      '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', WORK_FILES.output,
    ],
    files,
  };
}
