import { Body, Controller, Get, Header, HttpCode, Param, Put, UseFilters } from '@nestjs/common';
import { Assets } from './assets.service.js';
import { StreamingError } from './streaming-error.js';
import { StreamingHookExceptionFilter } from './streaming-exception.filters.js';
import { Uploads } from './uploads.service.js';

/** The provider's media endpoints: the URL a direct upload PUTs its file to, and playback of uploaded videos. */
@Controller('mux')
@UseFilters(StreamingHookExceptionFilter)
export class StreamingMediaController {
  constructor(private readonly uploads: Uploads, private readonly assets: Assets) {}

  @Put('uploads/:id')
  @HttpCode(200)
  async receive(@Param('id') id: string, @Body() body: unknown): Promise<void> {
    if (!Buffer.isBuffer(body) || body.length === 0) throw new StreamingError(400, 'PUT the video file as the body (content-type video/* or application/octet-stream)');
    await this.uploads.receive(id, body);
  }

  /** The MP4 rendition of an uploaded asset, as the provider's stream host serves `/<playbackId>/highest.mp4`. */
  @Get('stream/:playbackId/highest.mp4')
  @Header('content-type', 'video/mp4')
  highest(@Param('playbackId') playbackId: string): Buffer {
    return this.assets.file(playbackId);
  }

  /** The player page an embed URL opens: the MP4 in a video element (the sandbox serves no HLS). */
  @Get('player/:playbackId')
  @Header('content-type', 'text/html; charset=utf-8')
  player(@Param('playbackId') playbackId: string): string {
    this.assets.file(playbackId);
    const source = `../stream/${encodeURIComponent(playbackId)}/highest.mp4`;
    return `<!doctype html><title>Sandbox player</title><video src="${source}" controls autoplay muted style="max-width:100%"></video>`;
  }
}
