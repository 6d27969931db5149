import { ConfigError, loadEnv } from '@platform/config';
import { GatewayEnv } from './gateway.env.js';
import { hostedServicesOf } from './hosting/hosted-services.js';

describe('GatewayEnv', () => {
  it.each([
    ['', []],
    ['ai-gateway', ['ai-gateway']],
    ['identity', ['identity']],
    ['ai-gateway,identity', ['ai-gateway', 'identity']],
    ['identity,identity', ['identity']],
  ])('takes GATEWAY_HOSTS=%j: hosts %j', (given, hosted) => {
    expect(hostedServicesOf(loadEnv(GatewayEnv, { GATEWAY_HOSTS: given }).GATEWAY_HOSTS)).toEqual(hosted);
  });

  it.each(['billing', 'ai-gateway,billing', 'ai-gateway,', ' identity', 'ai-gateway identity'])('refuses GATEWAY_HOSTS=%j at boot, naming what it may be', (given) => {
    expect(() => loadEnv(GatewayEnv, { GATEWAY_HOSTS: given })).toThrow(
      new ConfigError(`Invalid environment variable GATEWAY_HOSTS (got "${given}"): may be empty or a comma-separated list of "ai-gateway", "identity"`),
    );
  });

  it('coalesces writes unless COALESCE_WRITES=false', () => {
    expect(loadEnv(GatewayEnv, {}).COALESCE_WRITES).toBe(true);
    expect(loadEnv(GatewayEnv, { COALESCE_WRITES: 'false' }).COALESCE_WRITES).toBe(false);
  });
});
