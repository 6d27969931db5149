import { Injectable, type OnModuleDestroy } from '@nestjs/common';

/** How long the platform has to answer a delivery. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** The HTTP status the receiver answered; null when it did not answer (refused, timed out). */
export type DeliveryStatus = number | null;

@Injectable()
export class WebhookSender implements OnModuleDestroy {
  /** Closing the sandbox cuts deliveries still waiting, so a test run does not wait out their timeout. */
  private readonly closing = new AbortController();

  async post(url: string, body: string, headers: Record<string, string>): Promise<DeliveryStatus> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        body,
        headers,
        // Stripe counts a redirect as a failed delivery rather than following it.
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), this.closing.signal]),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return null;
    }
  }

  onModuleDestroy(): void {
    this.closing.abort();
  }
}
