import { collectDefaultMetrics, Registry } from 'prom-client';

/** The metrics of one area (RPC, queues, the edge), made once per registry by `ServiceMetrics.of`. */
export type MetricGroup<T> = new (registry: Registry) => T;

/**
 * The metrics one service instance serves on its ops port. A registry of its own, never
 * prom-client's global one: tests run several services in one process, and the gateway's three
 * surfaces (three Nest applications) share one registry.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly groups = new Map<MetricGroup<unknown>, unknown>();

  /** The same group for every caller: the gateway's surfaces each ask, prom-client refuses a name twice. */
  of<T>(Group: MetricGroup<T>): T {
    let group = this.groups.get(Group) as T | undefined;
    if (!group) {
      group = new Group(this.registry);
      this.groups.set(Group, group);
    }
    return group;
  }

  /** CPU, memory, event loop lag, GC and handles; only for a registry an ops server serves (each call watches the event loop). */
  collectProcessMetrics(): this {
    collectDefaultMetrics({ register: this.registry });
    return this;
  }

  /** Prometheus' text format: what GET /metrics answers. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
