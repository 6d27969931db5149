import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { SUBJECTS, type BusEndpointQuery, type BusEndpointReply } from '@platform/contracts';
import { MessagingModule, NATS_CONNECTION } from '@platform/messaging';
import type { TestPlatform } from '@platform/testing';

type Endpoint = NonNullable<BusEndpointReply>;

/**
 * Stands in for the agents service's bus-endpoint query in bus tests, so an agent's runtime can be
 * a test's receiver and fifty agents need no fifty runtimes (the real query has its own test).
 */
export class AgentDirectory {
  private readonly endpoints = new Map<string, Endpoint>();
  private subscription?: Subscription;

  private constructor(private readonly context: INestApplicationContext) {}

  static async start(platform: TestPlatform): Promise<AgentDirectory> {
    const context = await NestFactory.createApplicationContext(MessagingModule.forRoot({
      natsUrl: platform.env.NATS_URL!, prefix: platform.env.NATS_PREFIX!, serviceName: 'agents-test', requestTimeoutMs: 2000,
    }));
    const directory = new AgentDirectory(context);
    const nats = context.get<NatsConnection>(NATS_CONNECTION);
    directory.subscription = nats.subscribe(`${platform.env.NATS_PREFIX}${SUBJECTS.agents.busEndpoint}`, {
      callback: (_error, message) => {
        const { id, data } = message.json<{ id: string; data: BusEndpointQuery }>();
        message.respond(JSON.stringify({ id, response: directory.endpoints.get(data.agentId) ?? null, isDisposed: true }));
      },
    });
    await nats.flush();
    return directory;
  }

  add(agentId: string, userId: string, runtimeUrl: string): Endpoint {
    const endpoint = { agentId, userId, status: 'running', runtimeUrl, gatewayToken: `agt_${randomBytes(12).toString('base64url')}` };
    this.endpoints.set(agentId, endpoint);
    return endpoint;
  }

  async close(): Promise<void> {
    this.subscription?.unsubscribe();
    await this.context.close();
  }
}
