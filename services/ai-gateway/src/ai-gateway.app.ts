import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { startService, type ServiceStartOptions } from '@platform/messaging';
import { AiGatewayEnv } from './ai-gateway.env.js';
import { AI_GATEWAY_SERVICE, AiGatewayModule } from './ai-gateway.module.js';

/**
 * Boots the AI layer from an env source; main.ts passes process.env, tests pass their own, and a
 * gateway hosting it (GATEWAY_HOSTS) has it answer its calls in-process.
 */
export async function startAiGateway(source: EnvSource, options?: ServiceStartOptions): Promise<INestApplicationContext> {
  const env = loadEnv(AiGatewayEnv, source);
  return startService(AiGatewayModule.forRoot(env), env, AI_GATEWAY_SERVICE, options);
}
