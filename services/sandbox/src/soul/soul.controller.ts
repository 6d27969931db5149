import { BadRequestException, Body, Controller, Delete, Get, Param, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HungConnections } from '../hung-connections.service.js';
import { SOUL_ACTIONS } from './soul-data.js';

export interface SoulControl {
  /** Every call's connection is cut at once, as a service that is down would. */
  down?: boolean;
  /** Every call is held until the client hangs up, as a service that is stuck would. */
  hang?: boolean;
  /** Every call answers this status (an error body) instead of the colony. */
  status?: number;
  /** Answers a shape 4.10 does not allow (numbers as text, a field missing). */
  malformed?: boolean;
}

/**
 * The soul service (extended-services 4.10): `/soul/tree`, `/soul/soul` and `/soul/diagnostics`,
 * with hooks that take it down, hang it, make it fail or answer nonsense (docs/sandbox.md).
 */
@Controller('soul')
export class SoulController {
  private control: SoulControl = {};

  constructor(private readonly hung: HungConnections) {}

  @Put('controls')
  set(@Body() body: unknown): SoulControl {
    const { down, hang, status, malformed } = (body ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries({ down, hang, malformed })) {
      if (value !== undefined && typeof value !== 'boolean') throw new BadRequestException(`${name} must be a boolean`);
    }
    if (status !== undefined && (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599)) throw new BadRequestException('status must be 400-599');
    this.control = { down, hang, status, malformed } as SoulControl;
    return this.control;
  }

  @Delete('controls')
  reset(): { ok: true } {
    this.control = {};
    return { ok: true };
  }

  @Get(':action')
  async answer(@Param('action') action: string, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const { down, hang, status } = this.control;
    if (down) {
      reply.raw.destroy();
      return reply;
    }
    if (hang) {
      await this.hung.hold(reply.raw);
      return reply;
    }
    if (status) return reply.status(status).send({ error: `sandbox soul failure (${status})` });
    const answer = SOUL_ACTIONS[action as keyof typeof SOUL_ACTIONS];
    if (!answer) return reply.status(404).send({ error: `No action ${action}` });
    const body: Record<string, unknown> = answer();
    return reply.status(200).send(this.control.malformed ? { ...body, colony_size: 'five', overview: 'n/a', active: 'yes' } : body);
  }
}
