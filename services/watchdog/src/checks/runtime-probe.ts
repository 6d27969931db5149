import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_AGENT_HEADER, RUNTIME_PATHS } from '@platform/contracts';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';
import { healthSampleOf, livenessOf, readinessOf, type ProbeAnswer, type ProbeResult } from './probe-result.js';

/**
 * Probes one agent runtime: /healthz first; only a live runtime is asked /readyz and /health.
 * Plain fetch with a timeout rather than OutboundHttp: a circuit breaker would answer for the
 * runtime while open, and this probe exists to find out how the runtime is right now.
 */
@Injectable()
export class RuntimeProbe {
  private readonly timeoutMs: number;

  constructor(@Inject(WATCHDOG_ENV) env: WatchdogEnv) {
    this.timeoutMs = Math.round(env.WATCHDOG_PROBE_TIMEOUT * 1000);
  }

  async probe(agentId: string, runtimeUrl: string): Promise<ProbeResult> {
    const liveness = livenessOf(await this.get(runtimeUrl, RUNTIME_PATHS.healthz), agentId);
    if (!liveness.live) return { live: false, ready: false, reason: liveness.reason };
    const [readyAnswer, healthAnswer] = await Promise.all([this.get(runtimeUrl, RUNTIME_PATHS.readyz), this.get(runtimeUrl, RUNTIME_PATHS.health)]);
    const readiness = readinessOf(readyAnswer);
    const health = healthSampleOf(healthAnswer);
    return { live: true, ready: readiness.ready, reason: readiness.reason, uptimeMs: readiness.uptimeMs ?? health?.uptimeMs, health };
  }

  private async get(runtimeUrl: string, path: string): Promise<ProbeAnswer> {
    // Appended to the base, which may carry a path of its own.
    const url = `${runtimeUrl.replace(/\/+$/, '')}${path}`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      const text = await response.text();
      return { status: response.status, body: parseJson(text), agentId: response.headers.get(RUNTIME_AGENT_HEADER) ?? undefined };
    } catch (error) {
      return { error: describe(error) };
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Duck-typed: fetch's errors may come from another realm (undici's own), where instanceof fails. */
function describe(error: unknown): string {
  const failure = (error ?? {}) as { name?: string; message?: string; cause?: { code?: string } };
  if (failure.name === 'TimeoutError') return 'timed out';
  return failure.cause?.code ?? failure.message ?? String(error);
}
