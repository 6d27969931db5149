import type { RuntimeHealthBody } from '@platform/contracts';

/** What one check saw of an agent runtime. */
export interface ProbeResult {
  /** GET /healthz answered 2xx and did not say `ok: false`. */
  live: boolean;
  /** GET /readyz answered 2xx with `ready: true`. */
  ready: boolean;
  /** Why it is not live, or not ready. */
  reason?: string;
  /** The runtime's own uptime, from /readyz or else /health: going backwards means it restarted. */
  uptimeMs?: number;
  /** The GET /health reading, when it answered with one. */
  health?: RuntimeHealthBody;
}

/** An answer with the agent the runtime names in RUNTIME_AGENT_HEADER (when it sends one), or why there was none (connection refused, timeout). */
export type ProbeAnswer = { status: number; body: unknown; agentId?: string } | { error: string };

const record = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/** `agentId` is the agent probed: another agent's runtime on a reused port is not this agent alive. */
export function livenessOf(answer: ProbeAnswer, agentId: string): { live: boolean; reason?: string } {
  if ('error' in answer) return { live: false, reason: `liveness probe failed: ${answer.error}` };
  if (answer.agentId && answer.agentId !== agentId) return { live: false, reason: `liveness probe answered as agent ${answer.agentId}` };
  if (answer.status < 200 || answer.status > 299) return { live: false, reason: `liveness probe answered ${answer.status}` };
  if (record(answer.body).ok === false) return { live: false, reason: 'liveness probe answered ok: false' };
  return { live: true };
}

export function readinessOf(answer: ProbeAnswer): { ready: boolean; reason?: string; uptimeMs?: number } {
  if ('error' in answer) return { ready: false, reason: `readiness probe failed: ${answer.error}` };
  const body = record(answer.body);
  const uptimeMs = count(body.uptimeMs);
  if (answer.status >= 200 && answer.status <= 299 && body.ready === true) return { ready: true, uptimeMs };
  const failing = Array.isArray(body.failing) ? body.failing.map(String).filter(Boolean) : [];
  const reason = failing.length ? `not ready: ${failing.join(', ')}` : `readiness probe answered ${answer.status}`;
  return { ready: false, reason, uptimeMs };
}

/** A usable /health reading, or nothing: a malformed one is not worth a metrics row. */
export function healthSampleOf(answer: ProbeAnswer): RuntimeHealthBody | undefined {
  if ('error' in answer || answer.status < 200 || answer.status > 299) return undefined;
  const body = record(answer.body);
  const [cpuPercent, memoryBytes, memoryLimitBytes, uptimeMs] =
    [body.cpuPercent, body.memoryBytes, body.memoryLimitBytes, body.uptimeMs].map(count);
  if (cpuPercent === undefined || memoryBytes === undefined || memoryLimitBytes === undefined || uptimeMs === undefined) return undefined;
  return {
    status: 'ok',
    agentId: String(body.agentId ?? ''),
    cpuPercent,
    memoryBytes: Math.round(memoryBytes),
    memoryLimitBytes: Math.round(memoryLimitBytes),
    uptimeMs: Math.round(uptimeMs),
  };
}
