/** The image formats a screenshot video takes, told by their first bytes, and ffmpeg's decoder for each. */
export type ImageKind = { extension: 'png'; decoder: 'png' } | { extension: 'jpg'; decoder: 'mjpeg' } | { extension: 'webp'; decoder: 'webp' };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * What the bytes are, never what the server called them: ffmpeg is then told the one decoder to
 * use, so a file dressed as an image cannot reach any other of its demuxers or decoders.
 */
export function imageKind(bytes: Buffer): ImageKind | null {
  if (bytes.subarray(0, 8).equals(PNG)) return { extension: 'png', decoder: 'png' };
  if (bytes.subarray(0, 3).equals(JPEG)) return { extension: 'jpg', decoder: 'mjpeg' };
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return { extension: 'webp', decoder: 'webp' };
  return null;
}
