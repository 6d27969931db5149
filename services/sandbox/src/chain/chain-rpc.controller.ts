import { Body, Controller, Get, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ChainExceptionFilter } from './chain-exception.filter.js';
import { chainIdParam } from './chain-hook-params.js';
import { ChainNodes } from './chain-nodes.service.js';

/**
 * Each chain's JSON-RPC at a stable address, `/chain/<chainId>`, whatever port its node took: the
 * platform is configured with these URLs, as it would be with a provider's.
 */
@Controller('chain')
@UseFilters(ChainExceptionFilter)
export class ChainRpcController {
  constructor(private readonly nodes: ChainNodes) {}

  @Get()
  list(): { chainIds: number[] } {
    return { chainIds: this.nodes.chainIds() };
  }

  @Post(':chainId')
  @HttpCode(200)
  async rpc(@Param('chainId') chainId: string, @Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    const upstream = await fetch(this.nodes.rpcUrl(chainIdParam(chainId)), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    void reply.status(upstream.status).type('application/json').send(await upstream.text());
  }
}
