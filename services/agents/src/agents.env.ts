import os from 'node:os';
import path from 'node:path';
import { CommonEnv, EnvBoolean, EnvInt, Secret } from '@platform/config';
import { AI_PROVIDERS, type AiProvider } from '@platform/contracts';
import { IsIn, IsString, Matches, Max, MinLength } from 'class-validator';

/** The hosting adapters this build has; AgentsModule maps each to its class. */
export const HOSTING_PROVIDER_NAMES = ['local', 'docker', 'swarm'] as const;
export type HostingProviderName = (typeof HOSTING_PROVIDER_NAMES)[number];

/** The built runtime next to this service: services/agent-runtime/dist/main.js, from src or dist alike. */
const BUILT_RUNTIME = path.resolve(import.meta.dirname, '../../agent-runtime/dist/main.js');

export class AgentsEnv extends CommonEnv {
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /** Kill switch: off, deploy/start/stop/restart/update/repair answer 500 and GET /health says disabled. */
  @EnvBoolean() PROVISIONING_ENABLED = true;

  /** `local` (child processes, the default), `docker` (a container each) or `swarm` (a Swarm service each), docs/hosting.md; another name fails at boot. */
  @IsIn(HOSTING_PROVIDER_NAMES, { message: `HOSTING_PROVIDER must be one of: ${HOSTING_PROVIDER_NAMES.join(', ')}` })
  HOSTING_PROVIDER: HostingProviderName = 'local';

  /** Provider for models other than claude-opus-4-6, which always goes to the vendor directly. */
  @IsIn(AI_PROVIDERS) AI_PROVIDER: AiProvider = 'openrouter';

  /** The backend deployment call (platform-core section 8: 15 seconds). */
  @EnvInt(1) DEPLOY_TIMEOUT_MS = 15_000;
  /** waitForHealthy: poll every 2 s, give up after 60 s (section 8). */
  @EnvInt(1) HEALTH_POLL_INTERVAL_MS = 2000;
  @EnvInt(1) HEALTH_TIMEOUT_MS = 60_000;
  /** One probe of an agent runtime (section 8: 5 seconds). */
  @EnvInt(1) HEALTH_PROBE_TIMEOUT_MS = 5000;
  @EnvInt(1) PROVISION_CONCURRENCY = 10;
  /** Heartbeats one worker runs at once; a beat of a running agent waits for its chat (RUNTIME_MESSAGE_TIMEOUT_MS). */
  @EnvInt(1) HEARTBEAT_CONCURRENCY = 10;
  /** Calls to a runtime on a caller's behalf; below the gateway's NATS timeout so the caller hears why. */
  @EnvInt(1) RUNTIME_CALL_TIMEOUT_MS = 4500;
  /** A message waits for the runtime's chat through the AI layer; below the edge's wait for that route. */
  @EnvInt(1) RUNTIME_MESSAGE_TIMEOUT_MS = 95_000;

  /** Agents are published as https://<subdomain>.<AGENT_DOMAIN>. */
  @Matches(/^[a-z0-9.-]+(:\d+)?$/, { message: 'must be a host name' }) AGENT_DOMAIN = 'agents.localhost';
  @IsString() AGENT_RUNTIME_VERSION = '0.1.0';

  /** The backend API the runtimes call for the AI layer, and the key they call it with. */
  @Matches(/^(https?:\/\/.+)?$/, { message: 'must be an http(s) URL or empty' }) BACKEND_URL = 'http://127.0.0.1:4000';
  @Secret() @IsString() INTERNAL_API_KEY = '';

  /** `local` provider: the runtime's entry file and extra node flags (tests run the TypeScript source). */
  @MinLength(1) @IsString() AGENT_RUNTIME_ENTRY = BUILT_RUNTIME;
  @IsString() AGENT_RUNTIME_NODE_ARGS = '';
  /** Where runtimes listen, and the host in their runtimeUrl when others must reach them by another name. */
  @IsString() AGENT_RUNTIME_HOST = '127.0.0.1';
  @IsString() AGENT_RUNTIME_ADVERTISED_HOST = '';
  /** Per-agent memory, history and log files of the `local` provider. */
  @MinLength(1) @IsString() AGENT_DATA_DIR = path.join(os.tmpdir(), 'platform-agents');
  /** A runtime found alive at boot that does not answer yet is left alone this long after its start. */
  @EnvInt(0) RUNTIME_STARTUP_GRACE_MS = 30_000;

  /**
   * Container engines (`docker`, docs/hosting.md): the Engine API's address, `unix:///path/docker.sock`
   * or `tcp://host:port` (plain HTTP: a TLS engine needs a local socket or proxy); empty, the local
   * socket /var/run/docker.sock.
   */
  @Matches(/^((unix:\/\/\/|tcp:\/\/).+)?$/, { message: 'must be unix:///<socket path>, tcp://<host>:<port> or empty' }) DOCKER_HOST = '';
  /** The image every runtime container runs (`npm run images` builds it offline), with SERVICE=agent-runtime. */
  @MinLength(1) @IsString() PLATFORM_IMAGE = 'platform:local';
  /**
   * `host`: runtimes share the engine host's network, listen on a free port of AGENT_RUNTIME_HOST and
   * reach BACKEND_URL and REDIS_URL as this service does. Any other name: a network the runtimes join
   * (compose's), reached by container name on port 18789; this service must be on it too.
   */
  @MinLength(1) @IsString() DOCKER_NETWORK = 'host';
  /**
   * Labels the containers and volumes of this platform, so it adopts, lists and ends only its own: two
   * platforms on one engine (a second checkout, each test file) need scopes of their own.
   */
  @Matches(/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/, { message: 'must be a container-name prefix ([a-zA-Z0-9][a-zA-Z0-9_.-]*)' }) DOCKER_SCOPE = 'platform';

  /**
   * `swarm`: only nodes labelled `<label>=true` take agents (`docker node update --label-add <label>=true`);
   * empty, every ready node does.
   */
  @Matches(/^([a-zA-Z0-9][a-zA-Z0-9_.-]*)?$/, { message: 'must be a node label name or empty' }) SWARM_NODE_LABEL = '';
  /**
   * `swarm`: the share of the plan's memory and CPUs each runtime reserves (the scheduler's guarantee; the
   * limits are the whole plan). 100 means no overcommit: a 2-CPU node then holds two 1-CPU agents.
   */
  @EnvInt(1) @Max(100) SWARM_RESERVATION_PERCENT = 5;

  /**
   * The file explorer's workspace when a request names no agent (extended-services 4.12); empty:
   * every request must name one. Browsed as the service's own user: point it at nothing secret.
   */
  @IsString() BROWSE_ROOT = '';
  /**
   * The most one explorer answer carries, in bytes of JSON: a NATS message holds 1 MiB by default
   * (max_payload), and the reply's envelope needs room. Raise both to read files up to 1 MB whole.
   */
  @EnvInt(1024) BROWSE_REPLY_MAX_BYTES = 1_000_000;
  /** One git command (a push over the network above all); below the edge's wait for git-sync. */
  @EnvInt(1) BROWSE_GIT_TIMEOUT_MS = 30_000;
  /** Who a git-sync commit is by when the repository and the host configure no user. */
  @MinLength(1) @IsString() BROWSE_GIT_AUTHOR_NAME = 'Platform Explorer';
  @MinLength(1) @IsString() BROWSE_GIT_AUTHOR_EMAIL = 'explorer@platform.local';

  /** How often the worker measures the agent workspaces on this host's disk (the metrics' storage figure). */
  @EnvInt(1) AGENT_WORKSPACE_MEASURE_MS = 60_000;

  /** An installation not heard from for this long reads as inactive. */
  @EnvInt(1) INSTALLATION_STALE_MS = 3_600_000;
  /** Clones are paid in pathUSD on the stablecoin network's testnet (42431) when true, its mainnet (4217) otherwise. */
  @EnvBoolean() NETWORK_TESTNET = true;
  /** JSON-RPC of that network, where a clone's payment transaction is read. */
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' }) NETWORK_RPC_URL = 'http://127.0.0.1:4600/chain/42431';
  /** Who a clone's pathUSD goes to; empty: cloning is closed (GET /api/agents/clone says unavailable). */
  @Matches(/^(0x[0-9a-fA-F]{40})?$/, { message: 'must be a 0x-prefixed 20-byte hex address or empty' }) CLONE_PAYEE_ADDRESS = '';

  /** Public web address; register-home and register-link answer with its dashboard. */
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s) URL' }) APP_URL = 'http://localhost:3000';
}
