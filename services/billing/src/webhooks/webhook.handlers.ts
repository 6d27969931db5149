import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BILLING_SIGNATURE_HEADER, ok, SUBJECTS, type Envelope } from '@platform/contracts';
import { WebhookService } from './webhook.service.js';

@Controller()
export class WebhookHandlers {
  constructor(private readonly webhooks: WebhookService) {}

  /** The signature covers the bytes as sent, so the raw body is verified, never the parsed one. */
  @MessagePattern(SUBJECTS.billing.webhook)
  async webhook(@Payload() envelope: Envelope) {
    return ok(await this.webhooks.receive(envelope.rawBody, envelope.headers[BILLING_SIGNATURE_HEADER]));
  }
}
