import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { EnvSource } from '@platform/config';
import { EVENTS, type EventOf, type EventSubject, type Plan, type SubscriptionStatus } from '@platform/contracts';
import { EventBus, MessagingModule } from '@platform/messaging';
import { agentRuntimeEnv, destroyAgentRuntimes } from './agent-runtimes.js';
import { deleteEventStream } from './event-stream.js';
import type { OwnedInfra } from './faults/owned-infra.js';
import { INFRA } from './infra-urls.js';
import { PlatformServices } from './platform-services.js';
import { deleteRedisKeys } from './redis-keys.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { TestClient } from './test-client.js';
import { testEnv } from './test-env.js';
import { waitUntil } from './wait-for.js';
import { startGateway, startSandbox, type ServiceName } from './service-starters.js';

type RunningGateway = Awaited<ReturnType<typeof startGateway>>;
type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface PlatformOptions {
  /** Gateway replicas to boot, all on the same NATS and Redis. */
  gateways?: number;
  /** Services besides identity (which every platform has), booted in this order. */
  services?: ServiceName[];
  /**
   * Services (identity too) to run in child processes of their own, whenever they are started, so
   * that `kill` can SIGKILL them; the others run in the test's process.
   */
  processes?: ServiceName[];
  /** Servers of the test's own to run on instead of the machine's (fault tests). */
  infra?: OwnedInfra;
  env?: EnvSource;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** Signed in on the web surface. */
  client: TestClient;
}

let userCounter = 0;

/** Services, gateway and sandbox of one test file, booted for real, spoken to over HTTP. */
export class TestPlatform {
  private constructor(
    readonly env: EnvSource,
    readonly sandbox: RunningSandbox,
    readonly gateways: RunningGateway[],
    private readonly services: PlatformServices,
    private readonly database: TestDatabase,
    private readonly ownedInfra: OwnedInfra | undefined,
  ) {}

  /** Stands in for billing (or any publisher outside the booted services) when a test publishes an event. */
  private publisher?: INestApplicationContext;

  static async start(options: PlatformOptions = {}): Promise<TestPlatform> {
    const infra = options.infra ?? INFRA;
    const database = await createTestDatabase(infra.databaseUrl);
    const sandbox = await startSandbox();
    const env = testEnv(database.url, {
      REDIS_URL: infra.redisUrl,
      NATS_URL: infra.natsUrl,
      SMTP_URL: sandbox.smtpUrl,
      BOT_CHECK_VERIFY_URL: `${sandbox.url}/bot-check/siteverify`,
      OPENROUTER_BASE_URL: sandbox.llm.openrouter,
      ANTHROPIC_BASE_URL: sandbox.llm.anthropic,
      OPENAI_BASE_URL: sandbox.llm.openai,
      ...(options.services?.includes('agents') ? await agentRuntimeEnv() : {}),
      ...options.env,
    });
    const services = new PlatformServices(env, new Set(options.processes));
    const platform = new TestPlatform(env, sandbox, [], services, database, options.infra);
    try {
      // Gateways first: services such as agents hand the backend URL to what they start.
      for (let index = 0; index < (options.gateways ?? 1); index += 1) platform.gateways.push(await startGateway(env));
      env.BACKEND_URL ??= platform.backendUrl;
      for (const name of new Set<ServiceName>(['identity', ...(options.services ?? [])])) await platform.startService(name);
    } catch (error) {
      await platform.close();
      throw error;
    }
    return platform;
  }

  get webUrl(): string {
    return this.gateways[0]!.urls.web;
  }

  get backendUrl(): string {
    return this.gateways[0]!.urls.backend;
  }

  web(): TestClient {
    return new TestClient(this.webUrl);
  }

  backend(): TestClient {
    return new TestClient(this.backendUrl);
  }

  /** Registers and signs in through the real routes. */
  async newUser(overrides: { email?: string; password?: string; name?: string } = {}): Promise<TestUser> {
    userCounter += 1;
    const email = overrides.email ?? `user${userCounter}-${Date.now()}@example.com`;
    const password = overrides.password ?? 'correct horse battery';
    const client = this.web();
    const registered = await client.post('/api/register', { email, password, name: overrides.name });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
    const login = await client.post('/api/auth/login', { email, password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    return { id: registered.body.id, email, password, name: registered.body.name, client };
  }

  /**
   * Puts a user on a plan the way billing will (its plan-changed event), then waits until the
   * user's own GET /api/user shows it (identity applied it and the gateway dropped its cached session).
   */
  async setPlan(user: TestUser, plan: Plan, subscriptionStatus: SubscriptionStatus = 'active'): Promise<void> {
    await this.publish(EVENTS.billing.planChanged, {
      eventId: randomUUID(), userId: user.id, plan, subscriptionStatus, occurredAt: new Date().toISOString(),
    });
    await waitUntil(
      `user ${user.email} on plan ${plan} (${subscriptionStatus})`,
      async () => ((await user.client.get('/api/user')).body as { user: { plan: string; subscriptionStatus: string } }).user,
      (current) => current.plan === plan && current.subscriptionStatus === subscriptionStatus,
    );
    // A fresh session: the gateway may still hold the old one's AuthContext until the revocation broadcast lands.
    await user.client.post('/api/auth/login', { email: user.email, password: user.password });
  }

  /** Publishes an event on this platform's stream through the real EventBus, held to its contract. */
  async publish<S extends EventSubject>(subject: S, event: EventOf<S>): Promise<void> {
    // No logger option: `logger: false` would silence every Nest logger in this process, the services' too.
    this.publisher ??= await NestFactory.createApplicationContext(MessagingModule.forRoot({
      natsUrl: this.env.NATS_URL!,
      prefix: this.env.NATS_PREFIX!,
      serviceName: 'publisher-test',
      requestTimeoutMs: 2000,
    }));
    await this.publisher.get(EventBus).publish(subject, event);
  }

  /** Stops one service gracefully and boots it again on the same env: what a deploy does to it. */
  async restartService(name: ServiceName): Promise<void> {
    await this.stopService(name);
    await this.startService(name);
  }

  async stopService(name: ServiceName): Promise<void> {
    await this.services.stop(name);
  }

  /** Boots a service the way `processes` says; `env` adds to the platform's for it and is kept for its restarts. */
  async startService(name: ServiceName, env?: EnvSource): Promise<void> {
    await this.services.start(name, env);
  }

  /** SIGKILLs a service listed in `processes` and waits until it is gone: what a crash does to it. */
  async kill(name: ServiceName): Promise<void> {
    await this.services.kill(name);
  }

  /** What a process service wrote to stdout and stderr, all its runs so far (LOG_LEVEL is silent unless the env says otherwise). */
  logs(name: ServiceName): string {
    return this.services.logs(name);
  }

  async close(): Promise<void> {
    // A service in this process cannot close while a server it holds is down (a BullMQ worker
    // waits for Redis for good), so owned servers a test left killed come back first.
    await this.ownedInfra?.startStopped();
    await Promise.all(this.gateways.map((gateway) => gateway.close()));
    await this.services.close();
    await this.publisher?.close();
    await destroyAgentRuntimes(this.database.url, this.env);
    await this.sandbox.close();
    // Owned servers' data goes when the test closes them.
    if (this.ownedInfra) return;
    await this.database.drop();
    await deleteEventStream(this.env.NATS_PREFIX!);
    await deleteRedisKeys(this.env.REDIS_PREFIX!);
  }
}
