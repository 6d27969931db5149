import type { PlanResources, RuntimeInstanceView, RuntimeUsage } from '@platform/contracts';
import type { RuntimeExit } from './runtime-exit.js';

/** Everything a provider needs to run one agent. */
export interface RuntimeSpec {
  agentId: string;
  userId: string;
  plan: string;
  model: string;
  config: Record<string, any>;
  gatewayToken: string;
  resources: PlanResources;
}

/** Container health statuses (platform-core section 3). */
export type RuntimeState = 'healthy' | 'starting' | 'stopped' | 'suspended' | 'unhealthy';

export interface RuntimeInspection {
  state: RuntimeState;
  runtimeUrl: string | null;
  /** Why a stopped runtime stopped, when the provider knows (exit code, last words). */
  exitCode?: number | null;
  reason?: string;
}

export type { RuntimeUsage };

export interface DeployedRuntime {
  runtimeUrl: string;
}

/** An agent's workspace on this host's disk: its files, memory and history (docs/agents.md, "File explorer"). */
export interface Workspace {
  path: string;
  /** Files the provider itself writes there (its log): not the agent's work, left out of the workspace's repository. */
  generated: string[];
}

/**
 * The hosting-provider port (docs/hosting.md). The agents domain speaks only to this; `local`
 * runs child processes, a remote adapter would speak a machines-style API or Kubernetes.
 * An abstract class rather than an interface so it can be the injection token.
 */
export abstract class HostingProvider {
  abstract readonly name: string;
  /** Whether usage() measures anything: where it does not, nobody needs to ask. */
  readonly measuresUsage: boolean = false;
  private readonly exitListeners: Array<(exit: RuntimeExit) => void> = [];

  /**
   * Hears of runtimes that end while the provider watches them (the local provider sees its own
   * children exit). Deliberate stops are heard too: listeners judge by the agent's status.
   */
  onExit(listener: (exit: RuntimeExit) => void): void {
    this.exitListeners.push(listener);
  }

  protected exited(exit: RuntimeExit): void {
    for (const listener of this.exitListeners) listener(exit);
  }

  /** The provider's own API answers (GET /health's `docker`). */
  abstract reachable(): Promise<boolean>;
  /** A fresh runtime for the spec, replacing any the agent has. */
  abstract deploy(spec: RuntimeSpec): Promise<DeployedRuntime>;
  /** Keep the runtime the agent has if it is alive and answering as that agent, else re-create it. */
  abstract ensure(spec: RuntimeSpec): Promise<DeployedRuntime & { adopted: boolean }>;
  /** Resume a suspended runtime or boot a stopped one from its last spec. */
  abstract start(agentId: string): Promise<DeployedRuntime>;
  abstract stop(agentId: string): Promise<void>;
  abstract restart(agentId: string): Promise<DeployedRuntime>;
  abstract suspend(agentId: string): Promise<void>;

  /**
   * What a suspended agent's runtime gets: nothing served, its data kept. Suspended where there is
   * a live runtime to suspend; otherwise (none yet, or it already ended) stopped, which is a no-op
   * for a runtime that is not there.
   */
  async pause(agentId: string): Promise<void> {
    await this.suspend(agentId).catch(() => this.stop(agentId));
  }
  /** Gone for good, with its data; succeeds for an agent without a runtime. */
  abstract destroy(agentId: string): Promise<void>;
  abstract inspect(agentId: string): Promise<RuntimeInspection>;
  /** Agents this provider holds a runtime for, alive or not. */
  abstract agentIds(): Promise<string[]>;
  /** Every runtime it holds, as GET /api/agent-runtime/instances shows them: read from its records, nothing probed. */
  abstract instances(): Promise<RuntimeInstanceView[]>;
  /**
   * A clone starts remembering what its parent remembers: the parent's memory store copied into the
   * new agent's workspace before its runtime first starts. Nothing to copy is no error.
   */
  abstract copyMemory(fromAgentId: string, toAgentId: string): Promise<void>;
  /**
   * The runtime's resource use as the host measures it, for stats and the watchdog's container metrics;
   * null where the provider measures nothing (local: the runtime's own reading of its process stands)
   * or the runtime is not running.
   */
  async usage(_agentId: string): Promise<RuntimeUsage | null> {
    return null;
  }
  /** The agent's workspace on this host, for the file explorer and storage figures; null where the provider keeps it elsewhere. */
  abstract workspace(agentId: string): Workspace | null;
  /** The folder holding every agent's workspace on this host; null where there is none. */
  abstract workspacesRoot(): string | null;
}
