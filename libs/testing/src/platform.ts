import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EnvSource } from '@platform/config';
import {
  BILLING_API_PLANS, type BillingApiPlan, type CheckoutPlan, type EventOf, type EventSubject, type Plan, type Subject, type SubscriptionStatus,
} from '@platform/contracts';
import { EventBus, MessagingModule, RpcClient } from '@platform/messaging';
import { agentRuntimeEnv, destroyAgentRuntimes } from './agent-runtimes.js';
import { CalendarSandbox } from './calendar-sandbox.js';
import { deleteEventStream } from './event-stream.js';
import type { OwnedInfra } from './faults/owned-infra.js';
import { IdentitySandbox } from './identity-sandbox.js';
import { INFRA } from './infra-urls.js';
import { PaymentsSandbox } from './payments-sandbox.js';
import { PlatformServices } from './platform-services.js';
import { deleteRedisKeys } from './redis-keys.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { TestClient } from './test-client.js';
import { testEnv } from './test-env.js';
import { waitUntil } from './wait-for.js';
import { startGateway, startSandbox, type ServiceName } from './service-starters.js';
import { StreamingSandbox } from './streaming-sandbox.js';

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

/** The sandbox processor takes any key; the SDK needs one. */
const SANDBOX_PROCESSOR_KEY = 'sk_test_sandbox';

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

  /**
   * Stands in for billing (or any service outside the booted ones) when a test publishes an event,
   * asks a query or answers one.
   */
  private messaging?: INestApplicationContext;

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
      BILLING_PROCESSOR_URL: sandbox.url,
      BILLING_PROCESSOR_KEY: SANDBOX_PROCESSOR_KEY,
      BILLING_WEBHOOK_SECRET: sandbox.payments.webhookSecret,
      NETWORK_TESTNET: 'true',
      NETWORK_RPC_URL: sandbox.chain.rpcUrls[42431],
      BASE_RPC_URL: sandbox.chain.rpcUrls[84532],
      WALLET_TREASURY_KEY: sandbox.chain.treasury.privateKey,
      CLONE_PAYEE_ADDRESS: sandbox.chain.treasury.address,
      IDP_ISSUER: sandbox.idp.issuer,
      IDP_CLIENT_ID: sandbox.idp.clientId,
      IDP_CLIENT_SECRET: sandbox.idp.clientSecret,
      CODE_HOST_URL: sandbox.codeHost.url,
      CODE_HOST_API_URL: sandbox.codeHost.apiUrl,
      CODE_HOST_CLIENT_ID: sandbox.codeHost.clientId,
      CODE_HOST_CLIENT_SECRET: sandbox.codeHost.clientSecret,
      CALENDAR_CLIENT_ID: sandbox.calendar.clientId,
      CALENDAR_CLIENT_SECRET: sandbox.calendar.clientSecret,
      CALENDAR_AUTH_URL: sandbox.calendar.authUrl,
      CALENDAR_TOKEN_URL: sandbox.calendar.tokenUrl,
      CALENDAR_API_URL: sandbox.calendar.apiUrl,
      FEED_UPSTREAM_URL: sandbox.feeds.upstreamUrl,
      SOUL_URL: sandbox.feeds.soulUrl,
      // The sandbox's pages, and no other private address, reachable by the summarizer.
      SUMMARIZER_ALLOWED_HOSTS: new URL(sandbox.url).host,
      STREAMING_API_URL: sandbox.streaming.apiUrl,
      STREAMING_TOKEN_ID: sandbox.streaming.tokenId,
      STREAMING_TOKEN_SECRET: sandbox.streaming.tokenSecret,
      STREAMING_PLAYBACK_URL: sandbox.streaming.playbackUrl,
      STREAMING_PLAYER_URL: sandbox.streaming.playerUrl,
      STREAM_SIGNING_SECRET: sandbox.streaming.webhookSecret,
      // The sandbox serves the images screenshot videos show; every other non-public host stays refused.
      MEDIA_FETCH_ALLOWED_HOSTS: new URL(sandbox.url).host,
      ...(options.services?.includes('agents') ? await agentRuntimeEnv() : {}),
      ...options.env,
    });
    const services = new PlatformServices(env, new Set(options.processes));
    const platform = new TestPlatform(env, sandbox, [], services, database, options.infra);
    try {
      // Gateways first: services such as agents hand the backend URL to what they start.
      for (let index = 0; index < (options.gateways ?? 1); index += 1) platform.gateways.push(await startGateway(env));
      env.BACKEND_URL ??= platform.backendUrl;
      env.OAUTH_CALLBACK_BASE_URL ??= platform.webUrl;
      await platform.payments.useWebhook(`${platform.webUrl}/api/billing/webhook`);
      await platform.streaming.useWebhook(`${platform.webUrl}/api/webhooks/stream`);
      for (const name of new Set<ServiceName>(['identity', ...(options.services ?? [])])) await platform.startService(name);
    } catch (error) {
      await platform.close();
      throw error;
    }
    return platform;
  }

  /** The sandbox payment processor's hooks: pay, cancel, fail a renewal. */
  get payments(): PaymentsSandbox {
    return new PaymentsSandbox(this.sandbox.url);
  }

  /** The sandbox identity provider's and code host's hooks, and a browser that signs in through them. */
  get identityProviders(): IdentitySandbox {
    return new IdentitySandbox(this.sandbox.url);
  }

  /** The sandbox streaming provider's hooks. */
  get streaming(): StreamingSandbox {
    return new StreamingSandbox(this.sandbox.url);
  }

  /** The sandbox calendar provider's hooks. */
  get calendar(): CalendarSandbox {
    return new CalendarSandbox(this.sandbox.url);
  }

  get webUrl(): string {
    return this.gateways[0]!.urls.web;
  }

  get backendUrl(): string {
    return this.gateways[0]!.urls.backend;
  }

  get summarizerUrl(): string {
    return this.gateways[0]!.urls.summarizer;
  }

  web(): TestClient {
    return new TestClient(this.webUrl);
  }

  backend(): TestClient {
    return new TestClient(this.backendUrl);
  }

  summarizer(): TestClient {
    return new TestClient(this.summarizerUrl);
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
   * Puts a user on a plan the way a person does (needs `billing` among the services): checkout at
   * the sandbox processor, paid; then, for another status, the processor cancels the subscription
   * or fails its renewal. Waits until the user's own GET /api/user shows it, and signs in afresh so
   * no replica holds the old plan. Returns the processor's subscription id.
   */
  async setPlan(user: TestUser, plan: CheckoutPlan | BillingApiPlan, subscriptionStatus: Exclude<SubscriptionStatus, 'inactive'> = 'active'): Promise<string> {
    const checkoutUrl = await this.checkoutUrl(user, plan);
    const paid = await this.payments.complete(checkoutUrl);
    if (paid.delivered !== 200 || !paid.subscriptionId) throw new Error(`checkout of ${plan}: ${JSON.stringify(paid)}`);
    if (subscriptionStatus === 'canceled') await this.payments.cancel(paid.subscriptionId);
    if (subscriptionStatus === 'past_due') await this.payments.failRenewal(paid.subscriptionId);
    await this.waitForPlan(user, plan, subscriptionStatus);
    return paid.subscriptionId;
  }

  /** The processor's checkout URL for `plan`, from the route that sells it. */
  async checkoutUrl(user: TestUser, plan: CheckoutPlan | BillingApiPlan): Promise<string> {
    const response = (BILLING_API_PLANS as readonly string[]).includes(plan)
      ? await user.client.post('/api/billing', { action: 'create-checkout', plan })
      : await user.client.get(`/api/billing-provider/checkout?plan=${plan}`);
    const url = response.status === 303 ? response.headers.get('location') : response.body?.url;
    if (!url || !url.startsWith(this.sandbox.url)) throw new Error(`checkout of ${plan}: ${response.status} ${url ?? JSON.stringify(response.body)}`);
    return url;
  }

  /** Until the user's own GET /api/user shows `plan` and `status`; then a fresh session, as the old one's AuthContext may be cached. */
  async waitForPlan(user: TestUser, plan: Plan, subscriptionStatus: SubscriptionStatus): Promise<void> {
    await waitUntil(
      `user ${user.email} on plan ${plan} (${subscriptionStatus})`,
      async () => ((await user.client.get('/api/user')).body as { user: { plan: string; subscriptionStatus: string } }).user,
      (current) => current.plan === plan && current.subscriptionStatus === subscriptionStatus,
    );
    await user.client.post('/api/auth/login', { email: user.email, password: user.password });
  }

  /** Publishes an event on this platform's stream through the real EventBus, held to its contract. */
  async publish<S extends EventSubject>(subject: S, event: EventOf<S>): Promise<void> {
    await (await this.messagingContext()).get(EventBus).publish(subject, event);
  }

  /** Asks a service-to-service query through the real RpcClient: an error reply throws RemoteError. */
  async query<T>(subject: Subject, data: unknown): Promise<T> {
    return (await this.messagingContext()).get(RpcClient).request<T>(subject, data);
  }

  private async messagingContext(): Promise<INestApplicationContext> {
    // No logger option: `logger: false` would silence every Nest logger in this process, the services' too.
    this.messaging ??= await NestFactory.createApplicationContext(MessagingModule.forRoot({
      natsUrl: this.env.NATS_URL!,
      prefix: this.env.NATS_PREFIX!,
      serviceName: 'publisher-test',
      // As long as a service's own question waits (NATS_REQUEST_TIMEOUT_MS's default): 2 s was hit on a loaded machine.
      requestTimeoutMs: 5000,
    }));
    return this.messaging;
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

  /** A provider of a service running in the test's process, for tests of what HTTP cannot reach (a crash between two steps). */
  provider<T>(name: ServiceName, type: new (...args: never[]) => T): T {
    return this.services.context(name).get(type);
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
    await this.messaging?.close();
    await destroyAgentRuntimes(this.database.url, this.env);
    await this.sandbox.close();
    // Owned servers' data goes when the test closes them.
    if (this.ownedInfra) return;
    await this.database.drop();
    await deleteEventStream(this.env.NATS_PREFIX!);
    await deleteRedisKeys(this.env.REDIS_PREFIX!);
  }
}
