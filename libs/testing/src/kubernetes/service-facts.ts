import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CommonEnv, secretKeysOf } from '@platform/config';
import { QUEUES, type QueueName } from '@platform/contracts';

const SERVICES_DIR = path.resolve(import.meta.dirname, '../../../../services');

/** Directories of services/ that get no Deployment of their own, and why. */
export const NOT_DEPLOYED: Record<string, string> = {
  'agent-runtime': 'an agent runtime is a child process the agents service spawns in its own pod (the local hosting provider)',
  sandbox: 'the sandbox stands in for third parties in development and tests; production talks to the real ones',
};

/** What a service's code says about how it runs: read from its source, so the manifests cannot drift from it. */
export interface ServiceFacts {
  name: string;
  roles: ('api' | 'worker')[];
  queues: QueueName[];
  secrets: string[];
  /** Non-secret variables whose default is a local address (the sandbox's, 127.0.0.1): a cluster must set them. */
  localDefaults: string[];
}

function sourceOf(service: string): string {
  const files = (readdirSync(path.join(SERVICES_DIR, service, 'src'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.split(path.sep).includes('testing'));
  return files.map((file) => readFileSync(path.join(SERVICES_DIR, service, 'src', file), 'utf8')).join('\n');
}

async function envOf(service: string): Promise<CommonEnv> {
  const file = readdirSync(path.join(SERVICES_DIR, service, 'src')).find((name) => name.endsWith('.env.ts'));
  if (!file) throw new Error(`services/${service}: no *.env.ts`);
  const module = (await import(path.join(SERVICES_DIR, service, 'src', file))) as Record<string, unknown>;
  const envClass = Object.values(module).find((value): value is new () => CommonEnv => typeof value === 'function' && value.prototype instanceof CommonEnv);
  if (!envClass) throw new Error(`services/${service}/src/${file}: no class extending CommonEnv`);
  return new envClass();
}

const LOCAL_ADDRESS = /\b(127\.0\.0\.1|localhost)\b/;

const QUEUE_KEYS = Object.keys(QUEUES) as (keyof typeof QUEUES)[];

export async function serviceFacts(service: string): Promise<ServiceFacts> {
  const source = sourceOf(service);
  // api: NATS handlers (startService listens when ROLES has api), or the gateway's HTTP surfaces.
  const api = service === 'gateway' || source.includes('startService(');
  // worker: BullMQ processors and consumers check hasRole(env, 'worker'); the outbox relay (libs/messaging) does too.
  const worker = source.includes("hasRole(this.env, 'worker')") || source.includes('OutboxModule.forRoot(');
  const env = await envOf(service);
  const secrets = secretKeysOf(env);
  const consumed = new Set([...source.matchAll(/\b(?:work|batched)\(QUEUES\.(\w+)/g)].map(([, key]) => key));
  return {
    name: service,
    roles: [...(api ? ['api' as const] : []), ...(worker ? ['worker' as const] : [])],
    queues: QUEUE_KEYS.filter((key) => consumed.has(key)).map((key) => QUEUES[key]),
    secrets,
    localDefaults: Object.entries(env)
      .filter(([key, value]) => typeof value === 'string' && LOCAL_ADDRESS.test(value) && !secrets.includes(key))
      .map(([key]) => key),
  };
}

export const deployedServices = (): string[] => readdirSync(SERVICES_DIR).filter((name) => !(name in NOT_DEPLOYED)).sort();
