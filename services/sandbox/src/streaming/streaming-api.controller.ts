import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import { RequestBaseUrl } from '../payments/request-base-url.decorator.js';
import { Assets } from './assets.service.js';
import { LiveStreams } from './live-streams.service.js';
import type { MuxAsset, MuxLiveStream, MuxUpload } from './mux.models.js';
import { StreamingApiGuard } from './streaming-api.guard.js';
import { StreamingApiExceptionFilter } from './streaming-exception.filters.js';
import { Uploads } from './uploads.service.js';

type Fields = Record<string, unknown>;

/** The streaming provider's video API under `/mux` (the SDK's baseURL), each answer wrapped in `data` as the provider does. */
@Controller('mux/video/v1')
@UseGuards(StreamingApiGuard)
@UseFilters(StreamingApiExceptionFilter)
export class StreamingApiController {
  constructor(private readonly liveStreams: LiveStreams, private readonly assets: Assets, private readonly uploads: Uploads) {}

  @Post('live-streams')
  @HttpCode(201)
  createLiveStream(@Body() body: Fields | undefined): { data: MuxLiveStream } {
    return { data: this.liveStreams.create(body ?? {}) };
  }

  @Get('live-streams')
  listLiveStreams(): { data: MuxLiveStream[] } {
    return { data: this.liveStreams.list() };
  }

  @Get('live-streams/:id')
  liveStream(@Param('id') id: string): { data: MuxLiveStream } {
    return { data: this.liveStreams.get(id) };
  }

  @Delete('live-streams/:id')
  @HttpCode(204)
  deleteLiveStream(@Param('id') id: string): void {
    this.liveStreams.delete(id);
  }

  @Get('assets')
  listAssets(): { data: MuxAsset[] } {
    return { data: this.assets.list() };
  }

  @Get('assets/:id')
  asset(@Param('id') id: string): { data: MuxAsset } {
    return { data: this.assets.get(id) };
  }

  @Delete('assets/:id')
  @HttpCode(204)
  deleteAsset(@Param('id') id: string): void {
    this.assets.delete(id);
  }

  @Post('uploads')
  @HttpCode(201)
  createUpload(@Body() body: Fields | undefined, @RequestBaseUrl() baseUrl: string): { data: MuxUpload } {
    return { data: this.uploads.create(body ?? {}, baseUrl) };
  }

  @Get('uploads/:id')
  upload(@Param('id') id: string): { data: MuxUpload } {
    return { data: this.uploads.get(id) };
  }
}
