import type Docker from 'dockerode';
import type { AgentsEnv } from '../agents.env.js';
import type { RuntimeSpec } from './hosting.provider.js';
import {
  CONTAINER_DATA_DIR, nanoCpus, PIDS_LIMIT, RUNTIME_LOG_DRIVER, runtimeCommand, runtimeContainerEnv, runtimeUser, STOP_GRACE_SECONDS, volumeLabels,
} from './runtime-container.js';
import { memoryBytesOf } from './runtime-env.js';
import { runtimeLabels, runtimeName, volumeName } from './runtime-labels.js';
import { pinTo } from './swarm-placement.js';

/** Marks a service scaled to 0 to suspend its agent, as opposed to one stopped. */
export const SUSPENDED_LABEL = 'io.platform.suspended';

/** What one agent's service is made of, beyond the spec. */
export interface ServicePlan {
  port: number;
  nodeId: string;
  /** The plan's CPUs, at most the node's: its engine refuses a larger quota for the task's container. */
  cpus: number;
  /** The local driver's options for the volume: its folder under AGENT_DATA_DIR when the node is the engine's own. */
  volumeDriver?: { Driver: string; DriverOpts: Record<string, string> };
  replicas: 0 | 1;
  suspended: boolean;
  /** Raised to replace the task with a new one even when nothing else changed. */
  forceUpdate: number;
}

/**
 * One agent's Swarm service (docs/hosting.md, "swarm"): one replica of the runtime on the host's network,
 * pinned to its node, the plan's memory and CPUs as limits and a share of them as reservations, no
 * restarts by Swarm (the watchdog decides repairs), labelled on the service and its containers alike.
 */
export function swarmServiceSpec(env: AgentsEnv, spec: RuntimeSpec, plan: ServicePlan): Docker.ServiceSpec {
  const labels = runtimeLabels(env.DOCKER_SCOPE, spec, plan.port);
  const reserved = env.SWARM_RESERVATION_PERCENT / 100;
  return {
    Name: runtimeName(env.DOCKER_SCOPE, spec.agentId),
    Labels: { ...labels, ...(plan.suspended ? { [SUSPENDED_LABEL]: 'true' } : {}) },
    Mode: { Replicated: { Replicas: plan.replicas } },
    // One task at a time: the old one ends before its replacement takes the port.
    UpdateConfig: { Parallelism: 1, Order: 'stop-first', FailureAction: 'continue' },
    TaskTemplate: {
      ContainerSpec: {
        Image: env.PLATFORM_IMAGE,
        Labels: labels,
        Command: runtimeCommand(spec),
        Env: runtimeContainerEnv(env, spec, { host: env.AGENT_RUNTIME_HOST, port: plan.port, dataDir: CONTAINER_DATA_DIR }),
        User: runtimeUser(),
        ReadOnly: true,
        CapabilityDrop: ['ALL'],
        StopGracePeriod: STOP_GRACE_SECONDS * 1e9,
        Mounts: [
          {
            Type: 'volume', Source: volumeName(env.DOCKER_SCOPE, spec.agentId), Target: CONTAINER_DATA_DIR,
            VolumeOptions: {
              NoCopy: true,
              Labels: volumeLabels(env.DOCKER_SCOPE, spec),
              DriverConfig: { Name: plan.volumeDriver?.Driver ?? 'local', Options: plan.volumeDriver?.DriverOpts ?? {} },
            },
          },
          // Scratch space counts against the agent's memory, as in the docker adapter.
          { Type: 'tmpfs', Source: '', Target: '/tmp', TmpfsOptions: { SizeBytes: memoryBytesOf(spec), Mode: 0o1777 } },
        ],
      },
      Resources: {
        Limits: { MemoryBytes: memoryBytesOf(spec), NanoCPUs: nanoCpus(plan.cpus), Pids: PIDS_LIMIT },
        Reservations: { MemoryBytes: Math.round(memoryBytesOf(spec) * reserved), NanoCPUs: nanoCpus(plan.cpus * reserved) },
      },
      RestartPolicy: { Condition: 'none' },
      Placement: { Constraints: [pinTo(plan.nodeId)] },
      Networks: [{ Target: 'host' }],
      LogDriver: { Name: RUNTIME_LOG_DRIVER.Type, Options: RUNTIME_LOG_DRIVER.Config },
      ForceUpdate: plan.forceUpdate,
    },
  };
}
