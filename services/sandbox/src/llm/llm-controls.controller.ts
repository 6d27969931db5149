import { BadRequestException, Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { LlmControls, type LlmCall, type LlmControl } from './llm-controls.service.js';

/** Test hooks: per-model latency, error status and hangs, and the calls the vendors received. */
@Controller('llm')
export class LlmControlsController {
  constructor(private readonly controls: LlmControls) {}

  /** The model id as the vendor receives it, URL-encoded (ids carry a slash). */
  @Put('controls/:model')
  set(@Param('model') model: string, @Body() body: unknown): LlmControl {
    return this.controls.set(model, readControl(body));
  }

  /** Clears every control and the call log. */
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

function readControl(body: unknown): LlmControl {
  const { latencyMs, status, hang } = (body ?? {}) as Record<string, unknown>;
  if (latencyMs !== undefined && (!Number.isInteger(latencyMs) || (latencyMs as number) < 0)) throw new BadRequestException('latencyMs must be a whole number >= 0');
  if (status !== undefined && (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599)) throw new BadRequestException('status must be 400-599');
  if (hang !== undefined && typeof hang !== 'boolean') throw new BadRequestException('hang must be a boolean');
  return { latencyMs: latencyMs as number | undefined, status: status as number | undefined, hang: hang as boolean | undefined };
}
