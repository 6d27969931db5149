import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { ChainClients, stablecoinChainId } from '@platform/chain';
import { DatabaseModule } from '@platform/database';
import { MessagingModule, OutboxModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
import { AgentLifecycle } from './agents/agent-lifecycle.service.js';
import { AgentsHandlers } from './agents/agents.handlers.js';
import { AgentsService } from './agents/agents.service.js';
import { LifecycleHandlers } from './agents/lifecycle.handlers.js';
import { ProvisionWorker } from './agents/provision.worker.js';
import { ProvisioningService } from './agents/provisioning.service.js';
import { RuntimeClient } from './agents/runtime-client.js';
import { RuntimeExits } from './agents/runtime-exits.js';
import { RuntimeReconciler } from './agents/runtime-reconciler.js';
import { WatchdogHandlers } from './agents/watchdog.handlers.js';
import type { AgentsEnv, HostingProviderName } from './agents.env.js';
import { AGENTS_ENV } from './agents.tokens.js';
import { ClonePayments } from './clones/clone-payments.js';
import { ClonesHandlers } from './clones/clones.handlers.js';
import { ClonesService } from './clones/clones.service.js';
import { agentsDatabase } from './database.js';
import { ExplorerHandlers } from './explorer/explorer.handlers.js';
import { WorkspaceFiles } from './explorer/workspace-files.service.js';
import { WorkspaceGit } from './explorer/workspace-git.service.js';
import { WorkspaceLocks } from './explorer/workspace-locks.js';
import { WorkspaceRoots } from './explorer/workspace-roots.js';
import { HeartbeatBeats } from './heartbeat/heartbeat-beats.service.js';
import { HeartbeatReconciler } from './heartbeat/heartbeat-reconciler.js';
import { HeartbeatSchedules } from './heartbeat/heartbeat-schedules.js';
import { HeartbeatHandlers } from './heartbeat/heartbeat.handlers.js';
import { HeartbeatService } from './heartbeat/heartbeat.service.js';
import { HeartbeatWorker } from './heartbeat/heartbeat.worker.js';
import { DockerEngine } from './hosting/docker-engine.js';
import { DockerHostingProvider } from './hosting/docker.provider.js';
import { HostingProvider } from './hosting/hosting.provider.js';
import { LocalHostingProvider } from './hosting/local.provider.js';
import { SwarmHostingProvider } from './hosting/swarm.provider.js';
import { InstancesHandlers } from './instances/instances.handlers.js';
import { InstancesService } from './instances/instances.service.js';
import { InstallationsHandlers } from './installations/installations.handlers.js';
import { InstallationsService } from './installations/installations.service.js';
import { InstalledSkills } from './skills/installed-skills.js';
import { SkillInstalls } from './skills/skill-installs.service.js';
import { SkillsHandlers } from './skills/skills.handlers.js';
import { AgentMetricsHandlers } from './metrics/agent-metrics.handlers.js';
import { AgentMetricsService } from './metrics/agent-metrics.service.js';
import { WorkspaceSizesWorker } from './metrics/workspace-sizes.worker.js';
import { WorkspaceUsage } from './metrics/workspace-usage.js';
import { PlanChangedConsumer } from './subscriptions/plan-changed.consumer.js';
import { SubscriptionChanges } from './subscriptions/subscription-changes.service.js';
import { VerificationHandlers } from './verification/verification.handlers.js';
import { VerificationService } from './verification/verification.service.js';
import { WalletChallengeClient } from './verification/wallet-challenge.client.js';

export const AGENTS_SERVICE = 'agents';

/** HOSTING_PROVIDER picks the adapter (docs/hosting.md); a new name does not compile until it has one. */
const HOSTING_ADAPTERS: Record<HostingProviderName, Type<HostingProvider>> = {
  local: LocalHostingProvider,
  docker: DockerHostingProvider,
  swarm: SwarmHostingProvider,
};

@Module({})
export class AgentsModule {
  static forRoot(env: AgentsEnv): DynamicModule {
    return {
      module: AgentsModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, agentsDatabase),
        MessagingModule.forService(AGENTS_SERVICE, env),
        OutboxModule.forRoot(env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
      ],
      controllers: [
        AgentsHandlers, LifecycleHandlers, WatchdogHandlers, HeartbeatHandlers, InstallationsHandlers, VerificationHandlers, ClonesHandlers,
        InstancesHandlers, SkillsHandlers, ExplorerHandlers, AgentMetricsHandlers,
      ],
      providers: [
        { provide: AGENTS_ENV, useValue: env },
        // Constructed whatever the adapter: it connects only when asked, and the container adapters share it.
        DockerEngine,
        { provide: HostingProvider, useClass: HOSTING_ADAPTERS[env.HOSTING_PROVIDER] },
        AgentLifecycle,
        AgentsService,
        ProvisioningService,
        ProvisionWorker,
        RuntimeReconciler,
        RuntimeExits,
        RuntimeClient,
        HeartbeatService,
        HeartbeatSchedules,
        HeartbeatBeats,
        HeartbeatReconciler,
        HeartbeatWorker,
        InstallationsService,
        SubscriptionChanges,
        PlanChangedConsumer,
        VerificationService,
        WalletChallengeClient,
        ClonesService,
        ClonePayments,
        InstancesService,
        SkillInstalls,
        InstalledSkills,
        WorkspaceLocks,
        WorkspaceGit,
        WorkspaceRoots,
        WorkspaceFiles,
        WorkspaceUsage,
        WorkspaceSizesWorker,
        AgentMetricsService,
        // Clone payments are read on the stablecoin network only.
        { provide: ChainClients, useValue: new ChainClients({ [stablecoinChainId(env.NETWORK_TESTNET)]: env.NETWORK_RPC_URL }) },
      ],
    };
  }
}
