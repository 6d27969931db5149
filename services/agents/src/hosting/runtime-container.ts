import { mkdir } from 'node:fs/promises';
import { constants } from 'node:os';
import type { AgentsEnv } from '../agents.env.js';
import { agentDataDir } from './agent-data.js';
import type { RuntimeSpec } from './hosting.provider.js';
import { agentArgument } from './process-table.js';
import { runtimeEnv, runtimeNodeFlags, type RuntimePlace } from './runtime-env.js';
import { RUNTIME_LABELS } from './runtime-labels.js';

/** The runtime's entry in the platform image (WORKDIR /app), what SERVICE=agent-runtime runs. */
export const RUNTIME_ENTRY = 'services/agent-runtime/dist/main.js';
/** The agent's volume inside its container. */
export const CONTAINER_DATA_DIR = '/data';
/** Processes one runtime may hold: a fork bomb in an agent's tools stops there, not at the host's limit. */
export const PIDS_LIMIT = 256;
/** Enough of the log for the runtime's last line (a config error is one line, before a few of Node's own). */
export const LOG_TAIL_LINES = 20;
/** SIGTERM, then SIGKILL this many seconds later: the runtime closes its server and files in well under that. */
export const STOP_GRACE_SECONDS = 3;
/** The engine's log driver for runtimes: bounded, and what `docker logs` and the adapters' last words read. */
export const RUNTIME_LOG_DRIVER = { Type: 'json-file', Config: { 'max-size': '10m', 'max-file': '2' } };

/** CPUs in the engine's unit (billionths of a CPU). */
export const nanoCpus = (cpus: number): number => Math.round(cpus * 1e9);

/** The container's command: node with the heap flags, the runtime's entry and the agent marker. */
export const runtimeCommand = (spec: RuntimeSpec): string[] => ['node', ...runtimeNodeFlags(spec), RUNTIME_ENTRY, agentArgument(spec.agentId)];

/** The runtime's env as the engine takes it (NAME=value), the image's SERVICE picking the runtime. */
export const runtimeContainerEnv = (env: AgentsEnv, spec: RuntimeSpec, place: RuntimePlace): string[] =>
  Object.entries({ SERVICE: 'agent-runtime', ...runtimeEnv(env, spec, place) }).map(([name, value]) => `${name}=${value}`);

/** This service's own user: the runtime's files on the volume stay readable and writable by the file explorer. */
export const runtimeUser = (): string => `${process.getuid?.() ?? 1000}:${process.getgid?.() ?? 1000}`;

/** Labels on the agent's volume: the scope and whose it is, so only this platform's are listed and removed. */
export const volumeLabels = (scope: string, spec: RuntimeSpec): Record<string, string> =>
  ({ [RUNTIME_LABELS.scope]: scope, [RUNTIME_LABELS.agent]: spec.agentId, [RUNTIME_LABELS.owner]: spec.userId });

/**
 * The local driver's options for a volume backed by the agent's folder under AGENT_DATA_DIR on the engine's
 * host (made here first), where the file explorer and a clone's memory copy find it.
 */
export async function boundVolumeDriver(env: AgentsEnv, agentId: string): Promise<{ Driver: string; DriverOpts: Record<string, string> }> {
  const device = agentDataDir(env, agentId);
  await mkdir(device, { recursive: true });
  return { Driver: 'local', DriverOpts: { type: 'none', o: 'bind', device } };
}

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name]));

/** The signal behind a container's exit code (128 + its number, as the shell reports it), if any. */
export const exitSignal = (exitCode: number | null): string | null =>
  exitCode !== null && exitCode > 128 ? SIGNAL_NAMES.get(exitCode - 128) ?? null : null;
