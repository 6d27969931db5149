import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_PATHS, type AgentMessageDto } from '@platform/contracts';
import type { BusEnv } from '../bus.env.js';
import { BUS_ENV } from '../bus.tokens.js';
import { PlatformQueries } from '../directory/platform-queries.js';

/** Why one attempt failed, kept as the copy's last error. */
export class DeliveryFailed extends Error {}

/** POSTs a signed message to the recipient agent's runtime with its gateway token; any 2xx is delivered. */
@Injectable()
export class RuntimeDelivery {
  constructor(private readonly queries: PlatformQueries, @Inject(BUS_ENV) private readonly env: BusEnv) {}

  async post(recipientAgentId: string, message: AgentMessageDto): Promise<void> {
    const endpoint = await this.queries.endpoint(recipientAgentId);
    if (!endpoint) throw new DeliveryFailed('The recipient agent does not exist');
    if (!endpoint.runtimeUrl) throw new DeliveryFailed(`The recipient agent has no runtime (${endpoint.status})`);
    let response: Response;
    try {
      response = await fetch(`${endpoint.runtimeUrl}${RUNTIME_PATHS.busMessages}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${endpoint.gatewayToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(this.env.BUS_DELIVERY_TIMEOUT_MS),
      });
    } catch (error) {
      throw new DeliveryFailed(`The runtime did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    await response.body?.cancel();
    if (!response.ok) throw new DeliveryFailed(`The runtime answered ${response.status}`);
  }
}
