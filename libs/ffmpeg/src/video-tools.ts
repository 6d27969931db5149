import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Where the video tools are: the ffmpeg and ffprobe executables, and the font text is drawn with. */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
  font: string;
}

export interface VideoToolsEnv {
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
}

/** The binary an npm package ships for this platform; undefined where it has none (the package throws on require). */
function packaged(name: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string | undefined {
  try {
    return (require(name) as { path: string }).path;
  } catch {
    return undefined;
  }
}

/**
 * FFMPEG_PATH / FFPROBE_PATH when set; else the binaries of the per-platform npm packages (they ship
 * inside the package, so `npm install` brings them with no download); else the bare name, for the
 * system's ffmpeg on PATH. The font is DejaVu Sans from its npm package: no system fonts needed.
 */
export function videoTools(env: VideoToolsEnv = process.env): VideoTools {
  return {
    ffmpeg: env.FFMPEG_PATH || packaged('@ffmpeg-installer/ffmpeg') || 'ffmpeg',
    ffprobe: env.FFPROBE_PATH || packaged('@ffprobe-installer/ffprobe') || 'ffprobe',
    font: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
}
