import { ROUTES } from '@platform/contracts';
import type { MemoryStore } from './memory-store.js';
import type { RuntimeEnv } from './runtime.env.js';

const BACKEND_HEALTH_PATH = ROUTES.find((route) => route.edge === 'backendHealth')!.path;

export interface ReadinessView {
  ready: boolean;
  failing: string[];
  uptimeMs: number;
}

/**
 * Ready means the agent can do its work: its memory store takes writes and the platform backend
 * (its way to the AI layer) answers. The backend answer is reused briefly so probes stay cheap.
 */
export class Readiness {
  private readonly startedAt = performance.now();
  private backend?: { ok: boolean; at: number };

  constructor(private readonly env: RuntimeEnv, private readonly memory: MemoryStore) {}

  uptimeMs(): number {
    return Math.round(performance.now() - this.startedAt);
  }

  async check(): Promise<ReadinessView> {
    const [memoryOk, backendOk] = await Promise.all([
      this.memory.check().then(() => true, () => false),
      this.backendReachable(),
    ]);
    const failing = [...(memoryOk ? [] : ['memory']), ...(backendOk ? [] : ['backend'])];
    return { ready: failing.length === 0, failing, uptimeMs: this.uptimeMs() };
  }

  private async backendReachable(): Promise<boolean> {
    const now = performance.now();
    if (this.backend && now - this.backend.at < this.env.READINESS_CACHE_MS) return this.backend.ok;
    const ok = this.env.BACKEND_URL !== '' && await fetch(`${this.env.BACKEND_URL}${BACKEND_HEALTH_PATH}`, {
      signal: AbortSignal.timeout(this.env.READINESS_PROBE_TIMEOUT_MS),
    }).then((response) => response.ok, () => false);
    this.backend = { ok, at: now };
    return ok;
  }
}
