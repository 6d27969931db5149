import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseFilters } from '@nestjs/common';
import { HookExceptionFilter } from './hook-exception.filter.js';
import { PaymentEvents } from './payment-events.service.js';
import { PaymentsError } from './payments-error.js';
import { isWebUrl } from './web-url.js';
import type { WebhookDelivery } from './webhook-delivery.model.js';
import type { DeliveryStatus } from './webhook-sender.service.js';
import { Webhooks, type WebhookTarget } from './webhooks.service.js';

/** Hooks: where events go, sending one again, and what was delivered. */
@Controller('stripe')
@UseFilters(HookExceptionFilter)
export class WebhookHooksController {
  constructor(
    private readonly webhooks: Webhooks,
    private readonly events: PaymentEvents,
  ) {}

  /** Events go to this endpoint only. */
  @Put('webhook')
  retarget(@Body() body: unknown): { url: string } {
    const { url, secret } = readTarget(body);
    return this.webhooks.retarget(url, secret);
  }

  /** Events go to this endpoint too: a processor account has several. */
  @Post('webhooks')
  @HttpCode(200)
  addTarget(@Body() body: unknown): { urls: string[] } {
    const { url, secret } = readTarget(body);
    return this.webhooks.addTarget(url, secret);
  }

  @Get('webhooks')
  targets(): { urls: string[] } {
    return { urls: this.webhooks.urls() };
  }

  @Post('events/:id/redeliver')
  @HttpCode(200)
  async redeliver(@Param('id') id: string): Promise<{ delivered: DeliveryStatus }> {
    return { delivered: await this.events.redeliver(id) };
  }

  /** Oldest first. */
  @Get('deliveries')
  deliveries(): WebhookDelivery[] {
    return this.webhooks.deliveries();
  }

  @Delete('deliveries')
  clearDeliveries(): { ok: true } {
    this.webhooks.clearDeliveries();
    return { ok: true };
  }
}

function readTarget(body: unknown): Partial<WebhookTarget> & { url: string } {
  const { url, secret } = (body ?? {}) as Record<string, unknown>;
  if (typeof url !== 'string' || !isWebUrl(url)) {
    throw new PaymentsError('parameter_invalid', 'url must be an http or https URL', 'url');
  }
  if (secret !== undefined && (typeof secret !== 'string' || secret === '')) {
    throw new PaymentsError('parameter_invalid', 'secret must be a non-empty string', 'secret');
  }
  return { url, secret };
}
