import type { INestApplicationContext } from '@nestjs/common';
import type { EnvSource } from '@platform/config';

/**
 * The services a gateway process may host (GATEWAY_HOSTS), each booted as its own main.ts boots it
 * but answering the gateway's requests in-process, with no NATS hop either way. It still serves
 * every other caller over NATS in its queue group, so replicas elsewhere and other services' calls
 * are untouched. The price is scaling: the hosted service grows only with the gateway.
 */
const HOSTABLE = {
  'ai-gateway': async (env: EnvSource) => (await import('@platform/ai-gateway/app')).startAiGateway(env, { answerInProcess: true }),
  identity: async (env: EnvSource) => (await import('@platform/identity/app')).startIdentity(env, { answerInProcess: true }),
} as const;

export type HostableService = keyof typeof HOSTABLE;

export const HOSTABLE_SERVICES = Object.keys(HOSTABLE) as HostableService[];

/** What GATEWAY_HOSTS may be: empty, or hostable services comma-separated. */
export const GATEWAY_HOSTS_PATTERN = new RegExp(`^((${HOSTABLE_SERVICES.join('|')})(,(${HOSTABLE_SERVICES.join('|')}))*)?$`);

/** The services GATEWAY_HOSTS names (checked against GATEWAY_HOSTS_PATTERN at boot), each once. */
export function hostedServicesOf(gatewayHosts: string): HostableService[] {
  return [...new Set(gatewayHosts.split(',').filter(Boolean))] as HostableService[];
}

/**
 * Boots the hosted services before the surfaces, so the first request finds them; one that fails to
 * boot closes those already up. Each takes the gateway's environment except OPS_PORT: its own ops
 * server takes a free port (logged at boot), since the gateway's is taken.
 */
export async function startHostedServices(names: HostableService[], source: EnvSource): Promise<INestApplicationContext[]> {
  const started: INestApplicationContext[] = [];
  try {
    for (const name of names) started.push(await HOSTABLE[name]({ ...source, OPS_PORT: '0' }));
  } catch (error) {
    await Promise.allSettled(started.map((service) => service.close()));
    throw error;
  }
  return started;
}
