import { Controller, Get, Header } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** services/sandbox/assets: the same place from src/images and from dist/images. */
const SCREENSHOT = readFileSync(path.resolve(import.meta.dirname, '../../assets/screenshot.png'));

/** A public web host as the platform's image fetches meet one; a redirect anywhere is the pages' (`/pages/redirect-to`). */
@Controller('images')
export class ImagesController {
  @Get('screenshot.png')
  @Header('content-type', 'image/png')
  screenshot(): Buffer {
    return SCREENSHOT;
  }
}
