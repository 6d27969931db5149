import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** services/sandbox/assets: the same place from src/images and from dist/images. */
const SCREENSHOT = readFileSync(path.resolve(import.meta.dirname, '../../assets/screenshot.png'));

/** A public web host as the platform's image fetches meet one: an image, and a redirect anywhere (for SSRF tests). */
@Controller('images')
export class ImagesController {
  @Get('screenshot.png')
  @Header('content-type', 'image/png')
  screenshot(): Buffer {
    return SCREENSHOT;
  }

  @Get('redirect')
  redirect(@Query('to') to: string | undefined, @Res() reply: FastifyReply): void {
    void reply.status(302).header('location', to ?? '/images/screenshot.png').send();
  }
}
