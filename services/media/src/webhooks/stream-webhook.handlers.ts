import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, STREAM_SIGNATURE_HEADER, SUBJECTS, type Envelope } from '@platform/contracts';
import { StreamWebhooks } from './stream-webhook.service.js';

@Controller()
export class StreamWebhookHandlers {
  constructor(private readonly webhooks: StreamWebhooks) {}

  /** The signature covers the bytes as sent, so the raw body is verified, never the parsed one. */
  @MessagePattern(SUBJECTS.media.streamWebhook)
  async receive(@Payload() envelope: Envelope) {
    return ok(await this.webhooks.receive(envelope.rawBody, envelope.headers[STREAM_SIGNATURE_HEADER]));
  }
}
