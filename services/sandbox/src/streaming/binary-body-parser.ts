import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** A generated video is a few MB; a real provider takes far more, the sandbox keeps uploads in memory. */
const UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

/** Video files PUT to a direct upload's URL arrive as bytes, whatever video type the uploader names. */
export function installBinaryParser(app: NestFastifyApplication): void {
  app.useBodyParser('application/octet-stream', { bodyLimit: UPLOAD_LIMIT_BYTES });
  app.useBodyParser(/^video\//, { bodyLimit: UPLOAD_LIMIT_BYTES });
}
