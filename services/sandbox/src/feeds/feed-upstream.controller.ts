import { Controller, Get, Headers, Param, Req, Res } from '@nestjs/common';
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HungConnections } from '../hung-connections.service.js';
import { FeedControls, type OversizedAnswer } from './feed-controls.service.js';
import { feedData } from './feed-data.js';
import { FeedSeller } from './feed-seller.service.js';

/** More than the feeds service relays of one answer (512 kB). */
const OVERSIZED_BYTES = 600 * 1024;
const STREAMED_PIECE = 64 * 1024;

/**
 * The data-feed provider (extended-services 4.9): `/feeds/v1/data/<name>` sold per call over x402
 * (v2: the challenge in PAYMENT-REQUIRED, the payment in PAYMENT-SIGNATURE, the settlement in
 * PAYMENT-RESPONSE), `/feeds/v1/preview/<name>` free.
 */
@Controller('feeds/v1')
export class FeedUpstreamController {
  constructor(private readonly controls: FeedControls, private readonly seller: FeedSeller, private readonly hung: HungConnections) {}

  @Get('preview/:name')
  async preview(@Param('name') name: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    this.controls.record(request.url, false);
    return (await this.misbehave(reply)) ?? this.answer(reply, name, true);
  }

  @Get('data/:name')
  async data(@Param('name') name: string, @Headers('payment-signature') signature: string | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    this.controls.record(request.url, signature !== undefined);
    const misbehaved = await this.misbehave(reply);
    if (misbehaved) return misbehaved;
    if (!feedData(name, false) || this.controls.control.free) return this.answer(reply, name, false);
    const resourceUrl = `${request.protocol}://${request.host}${request.url}`;
    const description = `${name} (live data feed)`;
    if (signature === undefined) return this.challenge(reply, await this.seller.challenge(resourceUrl, description));
    let payload: PaymentPayload;
    try {
      payload = decodePaymentSignatureHeader(signature);
    } catch {
      return this.challenge(reply, await this.seller.challenge(resourceUrl, description, 'invalid_payment_header'));
    }
    const outcome = await this.seller.pay(request.url, resourceUrl, description, payload);
    if (!outcome.paid) return this.challenge(reply, outcome.challenge);
    reply.header('PAYMENT-RESPONSE', outcome.header);
    return this.answer(reply, name, false);
  }

  /** The control's error, hang or oversized answer, if one is set. */
  private async misbehave(reply: FastifyReply): Promise<FastifyReply | undefined> {
    const { status, hang, oversized } = this.controls.control;
    if (hang) {
      await this.hung.hold(reply.raw);
      return reply;
    }
    if (oversized) return this.oversized(reply, oversized);
    return status ? reply.status(status).send({ error: `sandbox feed failure (${status})` }) : undefined;
  }

  /** JSON of OVERSIZED_BYTES, with its Content-Length, or streamed in pieces without one. */
  private oversized(reply: FastifyReply, answer: OversizedAnswer): FastifyReply {
    const body = JSON.stringify({ padding: 'x'.repeat(OVERSIZED_BYTES) });
    if (answer === 'declared') return reply.status(200).type('application/json').send(body);
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'application/json' });
    for (let at = 0; at < body.length; at += STREAMED_PIECE) reply.raw.write(body.slice(at, at + STREAMED_PIECE));
    reply.raw.end();
    return reply;
  }

  private answer(reply: FastifyReply, name: string, preview: boolean): FastifyReply {
    const data = feedData(name, preview);
    return data ? reply.status(200).send(data) : reply.status(404).send({ error: `No feed ${name}` });
  }

  private challenge(reply: FastifyReply, challenge: Awaited<ReturnType<FeedSeller['challenge']>>): FastifyReply {
    return reply.status(402).header('PAYMENT-REQUIRED', this.seller.challengeHeader(challenge)).send(challenge);
  }
}
