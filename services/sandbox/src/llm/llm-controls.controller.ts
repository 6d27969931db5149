import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { LlmControls, type LlmCall, type LlmControl } from './llm-controls.service.js';

/** Test hooks: per-model latency, error status, hangs and stream breaks, and the calls the vendors received. */
@Controller('llm')
export class LlmControlsController {
  constructor(private readonly controls: LlmControls) {}

  /** The model id as the vendor receives it, URL-encoded (ids carry a slash). */
  @Put('controls/:model')
  set(@Param('model') model: string, @Body() body: unknown): LlmControl {
    return this.controls.set(model, readControl(body));
  }

  /** Lets the model's streams held by holdAfterChunks go on. */
  @Post('controls/:model/release')
  @HttpCode(200)
  release(@Param('model') model: string): { released: number } {
    return { released: this.controls.release(model) };
  }

  /** Clears every control and the call log, and releases held streams. */
  @Delete('controls')
  reset(): { ok: true } {
    this.controls.reset();
    return { ok: true };
  }

  @Get('calls')
  calls(): { calls: LlmCall[] } {
    return { calls: this.controls.list() };
  }
}

const isCount = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 0);

function readControl(body: unknown): LlmControl {
  const { latencyMs, status, hang, holdAfterChunks, failAfterChunks, chunkIntervalMs } = (body ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries({ latencyMs, holdAfterChunks, failAfterChunks, chunkIntervalMs })) {
    if (!isCount(value)) throw new BadRequestException(`${name} must be a whole number >= 0`);
  }
  if (status !== undefined && (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599)) throw new BadRequestException('status must be 400-599');
  if (hang !== undefined && typeof hang !== 'boolean') throw new BadRequestException('hang must be a boolean');
  return {
    latencyMs: latencyMs as number | undefined,
    status: status as number | undefined,
    hang: hang as boolean | undefined,
    holdAfterChunks: holdAfterChunks as number | undefined,
    failAfterChunks: failAfterChunks as number | undefined,
    chunkIntervalMs: chunkIntervalMs as number | undefined,
  };
}
