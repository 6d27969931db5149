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
} as const;

export type HostableService = keyof typeof HOSTABLE;

export const HOSTABLE_SERVICES = Object.keys(HOSTABLE) as HostableService[];

/**
 * Boots the hosted service before the surfaces, so the first request finds it. It takes the
 * gateway's environment except OPS_PORT: its own ops server takes a free port (logged at boot),
 * since the gateway's is taken.
 */
export function startHostedService(name: HostableService, source: EnvSource): Promise<INestApplicationContext> {
  return HOSTABLE[name]({ ...source, OPS_PORT: '0' });
}
