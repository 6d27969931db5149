import { Injectable } from '@nestjs/common';
import {
  ApiError, BILLING_MESSAGES, SUBJECTS, UnavailableError, type TopUpCheckoutQuery, type TopUpCheckoutReply,
} from '@platform/contracts';
import { RemoteError, RpcClient, ServiceUnavailableError } from '@platform/messaging';

/**
 * Billing owns the processor: a top-up's checkout is made there (SUBJECTS.billing.topUpCheckout).
 * Its refusal (processor not configured, checkout failed) is the route's 500 in billing's words;
 * billing not answering is a 503, as on every route whose service is away.
 */
@Injectable()
export class TopUpCheckoutClient {
  constructor(private readonly rpc: RpcClient) {}

  async checkout(query: TopUpCheckoutQuery): Promise<TopUpCheckoutReply> {
    try {
      return await this.rpc.request<TopUpCheckoutReply>(SUBJECTS.billing.topUpCheckout, query);
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw new UnavailableError();
      if (error instanceof RemoteError) throw new ApiError(500, messageOf(error.remote));
      throw error;
    }
  }
}

/** A query's refusal is `{ status: 'error', message }` (libs/messaging failureOf). */
function messageOf(remote: unknown): string {
  const message = (remote as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : BILLING_MESSAGES.checkoutFailed;
}
