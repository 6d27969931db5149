import { randomUUID } from 'node:crypto';
import type { EnvSource } from '@platform/config';
import {
  SUBJECTS, type AgentMessageDto, type BusMessageView, type SignAgentMessageReply, type UnsignedAgentMessage,
} from '@platform/contracts';
import { BEARER, subscribedUser, TestPlatform, waitFor, type OwnedInfra, type TestClient, type TestUser } from '@platform/testing';
import { AgentDirectory } from './agent-directory.js';
import { RuntimeReceiver } from './runtime-receiver.js';

export interface TestAgent {
  agentId: string;
  userId: string;
  /** Its wallet's address, held by the wallet service. */
  address: string;
  gatewayToken: string;
}

/** Retries fast enough for a test to see a copy go dead (200, 400, 800, 1600, 3200 ms), and a sweep every second. */
export const TEST_DELIVERY_ENV = {
  BUS_DELIVERY_ATTEMPTS: '6', BUS_DELIVERY_BACKOFF_MS: '200', BUS_DELIVERY_TIMEOUT_MS: '2000', BUS_SWEEP_INTERVAL_MS: '1000',
};

/** The real billing, wallet and bus services; agents are wallets the wallet service holds, their runtimes a receiver. */
export class BusTestbed {
  private constructor(
    readonly platform: TestPlatform,
    readonly directory: AgentDirectory,
    readonly receiver: RuntimeReceiver,
  ) {}

  /**
   * A backend client from an IP of its own: the backend's 120 requests a minute per IP
   * (platform-core 8) would otherwise stop a test's sends before the A2A limit it is about.
   */
  get backend(): TestClient {
    return this.platform.backend();
  }

  /** `infra`: servers of the test's own, for a test that stops one; `env`: variables over TEST_DELIVERY_ENV. */
  static async start(infra?: OwnedInfra, env: EnvSource = {}): Promise<BusTestbed> {
    const platform = await TestPlatform.start({ services: ['billing', 'wallet', 'bus'], env: { ...TEST_DELIVERY_ENV, ...env }, infra });
    return new BusTestbed(platform, await AgentDirectory.start(platform), await RuntimeReceiver.start());
  }

  async close(): Promise<void> {
    await this.directory?.close();
    await this.receiver?.close();
    await this.platform?.close();
  }

  user(plan: Parameters<TestPlatform['setPlan']>[1] = 'collective'): Promise<TestUser> {
    return subscribedUser(this.platform, plan);
  }

  /** An agent of `user` with a wallet; `withWallet` false: an agent the bus can deliver to but that cannot sign. */
  async agent(user: { id: string }, withWallet = true): Promise<TestAgent> {
    const agentId = randomUUID();
    const { gatewayToken } = this.directory.add(agentId, user.id, this.receiver.url(agentId));
    if (!withWallet) return { agentId, userId: user.id, address: '', gatewayToken };
    const wallet = await this.backend.post('/api/underground/wallets', { userId: user.id, agentId }, BEARER);
    if (wallet.status !== 201) throw new Error(`agent wallet: ${wallet.status} ${JSON.stringify(wallet.body)}`);
    return { agentId, userId: user.id, address: wallet.body.address, gatewayToken };
  }

  /** A message from `from` to `to`, stamped now, not yet signed. */
  unsigned(from: TestAgent, to: TestAgent, action: string, payload: unknown = {}, overrides: Partial<UnsignedAgentMessage> = {}): UnsignedAgentMessage {
    return {
      messageId: randomUUID(), action, from: from.agentId, to: to.agentId, payload: JSON.stringify(payload),
      timestamp: Math.floor(Date.now() / 1000), ...overrides,
    };
  }

  /** Signed by the sender's wallet, in the wallet service. */
  async sign(message: UnsignedAgentMessage): Promise<AgentMessageDto> {
    const reply = await this.platform.query<SignAgentMessageReply>(SUBJECTS.wallet.signAgentMessage, { agentId: message.from, message });
    return { ...message, signature: reply.signature };
  }

  send(message: unknown) {
    return this.backend.post('/api/underground/bus/send', message, {});
  }

  async signAndSend(from: TestAgent, to: TestAgent, action: string, payload: unknown = {}) {
    return this.send(await this.sign(this.unsigned(from, to, action, payload)));
  }

  status(messageId: string) {
    return this.backend.get<BusMessageView>(`/api/underground/bus/messages/${encodeURIComponent(messageId)}`, BEARER);
  }

  /** Until every copy of the message is final (delivered or dead). */
  async settled(messageId: string, timeoutMs = 15_000): Promise<BusMessageView> {
    const response = await waitFor(
      () => this.status(messageId),
      (current) => current.status === 200 && current.body.deliveries.every((copy) => copy.status === 'delivered' || copy.status === 'dead'),
      timeoutMs,
    );
    return response.body;
  }
}
