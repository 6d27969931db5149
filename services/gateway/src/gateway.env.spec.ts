import { ConfigError, loadEnv } from '@platform/config';
import { GatewayEnv } from './gateway.env.js';

describe('GatewayEnv', () => {
  it.each([['', ''], ['ai-gateway', 'ai-gateway']])('takes GATEWAY_HOSTS=%j', (given, taken) => {
    expect(loadEnv(GatewayEnv, { GATEWAY_HOSTS: given }).GATEWAY_HOSTS).toBe(taken);
  });

  it.each(['billing', 'ai-gateway,identity'])('refuses GATEWAY_HOSTS=%j at boot, naming what it may be', (given) => {
    expect(() => loadEnv(GatewayEnv, { GATEWAY_HOSTS: given })).toThrow(
      new ConfigError(`Invalid environment variable GATEWAY_HOSTS (got "${given}"): may be empty or name "ai-gateway"`),
    );
  });

  it('coalesces writes unless COALESCE_WRITES=false', () => {
    expect(loadEnv(GatewayEnv, {}).COALESCE_WRITES).toBe(true);
    expect(loadEnv(GatewayEnv, { COALESCE_WRITES: 'false' }).COALESCE_WRITES).toBe(false);
  });
});
