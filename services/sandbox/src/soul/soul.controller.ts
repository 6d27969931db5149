import { BadRequestException, Body, Controller, Delete, Get, Param, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SOUL_ACTIONS } from './soul-data.js';

export interface SoulControl {
  /** Every call's connection is cut at once, as a service that is down would. */
  down?: boolean;
  /** Answers a shape 4.10 does not allow (numbers as text, a field missing). */
  malformed?: boolean;
}

/**
 * The soul service (extended-services 4.10): `/soul/tree`, `/soul/soul` and `/soul/diagnostics`,
 * with hooks that take it down or make it answer nonsense (docs/sandbox.md).
 */
@Controller('soul')
export class SoulController {
  private control: SoulControl = {};

  @Put('controls')
  set(@Body() body: unknown): SoulControl {
    const { down, malformed } = (body ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries({ down, malformed })) {
      if (value !== undefined && typeof value !== 'boolean') throw new BadRequestException(`${name} must be a boolean`);
    }
    this.control = { down, malformed } as SoulControl;
    return this.control;
  }

  @Delete('controls')
  reset(): { ok: true } {
    this.control = {};
    return { ok: true };
  }

  @Get(':action')
  answer(@Param('action') action: string, @Res() reply: FastifyReply): FastifyReply {
    if (this.control.down) {
      reply.raw.destroy();
      return reply;
    }
    const answer = SOUL_ACTIONS[action as keyof typeof SOUL_ACTIONS];
    if (!answer) return reply.status(404).send({ error: `No action ${action}` });
    const body: Record<string, unknown> = answer();
    return reply.status(200).send(this.control.malformed ? { ...body, colony_size: 'five', overview: 'n/a', active: 'yes' } : body);
  }
}
