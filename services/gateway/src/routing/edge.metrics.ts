import { Counter, Histogram, type Registry } from 'prom-client';
import type { RouteDef } from '@platform/contracts';
import { ChildCache, LATENCY_BUCKETS } from '@platform/ops';

/** Records one answered request of a route: its status and its time at the edge. */
export type RouteRecorder = (status: number, seconds: number) => void;

/**
 * Requests at the edge by the route table's path pattern (never the raw URL: ids would make a series
 * per agent), method and surface. The count also by status; the latency histogram not, which keeps
 * its series (a dozen buckets each) to one per route. A streamed answer's time runs to its last event.
 */
export class EdgeMetrics {
  private readonly requests: Counter<'surface' | 'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'surface' | 'method' | 'route'>;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered at the edge, by surface, method, route pattern and status.',
      labelNames: ['surface', 'method', 'route', 'status'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer at the edge, by surface, method and route pattern.',
      labelNames: ['surface', 'method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
  }

  /** Made once per route at registration, so a request's update finds its children without building labels. */
  forRoute(route: RouteDef): RouteRecorder {
    const latency = this.duration.labels(route.surface, route.method, route.path);
    const counts = new ChildCache((status: number) => this.requests.labels(route.surface, route.method, route.path, String(status)));
    return (status, seconds) => {
      counts.get(status).inc();
      latency.observe(seconds);
    };
  }
}
