// The environment of a benchmark's own platform: every service on loopback at its ports, quiet logs,
// one bearer key, client IPs from X-Forwarded-For, and the AI layer pointed at the sandbox's LLM vendors.

/** `ports`: WEB_PORT, BACKEND_PORT, SUMMARIZER_PORT, SANDBOX_PORT. */
export function benchPlatformEnv({ ports, internalKey, ...overrides }) {
  const sandbox = `http://127.0.0.1:${ports.SANDBOX_PORT}`;
  return {
    ...process.env,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_SMTP_PORT: '0',
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    INTERNAL_API_KEY: internalKey,
    TRUST_PROXY: 'true',
    OPENROUTER_BASE_URL: `${sandbox}/openrouter/api/v1`,
    ANTHROPIC_BASE_URL: `${sandbox}/anthropic`,
    OPENAI_BASE_URL: `${sandbox}/openai/v1`,
    ...overrides,
  };
}

/** A gateway hosting `services` (GATEWAY_HOSTS), as docs/operations.md says to run it. */
export function gatewayHosting(services) {
  return { GATEWAY_HOSTS: services, COALESCE_WRITES: 'false' };
}

/** bench:ai's "hosted", bench:ai-stream's BENCH_GATEWAY_HOSTS. */
export const HOSTED_AI_GATEWAY = gatewayHosting('ai-gateway');
