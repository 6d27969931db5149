import { Controller, Get, Headers, Param, Req, Res } from '@nestjs/common';
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HungConnections } from '../hung-connections.service.js';
import { FeedControls } from './feed-controls.service.js';
import { feedData } from './feed-data.js';
import { FeedSeller } from './feed-seller.service.js';

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

  /** The control's error or hang, if one is set. */
  private async misbehave(reply: FastifyReply): Promise<FastifyReply | undefined> {
    const { status, hang } = this.controls.control;
    if (hang) {
      await this.hung.hold(reply.raw);
      return reply;
    }
    return status ? reply.status(status).send({ error: `sandbox feed failure (${status})` }) : undefined;
  }

  private answer(reply: FastifyReply, name: string, preview: boolean): FastifyReply {
    const data = feedData(name, preview);
    return data ? reply.status(200).send(data) : reply.status(404).send({ error: `No feed ${name}` });
  }

  private challenge(reply: FastifyReply, challenge: Awaited<ReturnType<FeedSeller['challenge']>>): FastifyReply {
    return reply.status(402).header('PAYMENT-REQUIRED', this.seller.challengeHeader(challenge)).send(challenge);
  }
}
