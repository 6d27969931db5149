import { readFileSync } from 'node:fs';
import { Histogram } from 'prom-client';
import { parse } from 'yaml';
import { BreakerMetrics } from '@platform/http';
import { NatsMetrics, OutboxMetrics } from '@platform/messaging';
import { ServiceMetrics, WebhookMetrics, type MetricGroup } from '@platform/ops';
import { DroppedJobsMetrics, QueueMetrics } from '@platform/queue';
import { AdmissionMetrics } from '../../../services/ai-gateway/src/chat/admission.metrics.js';
import { EdgeMetrics } from '../../../services/gateway/src/routing/edge.metrics.js';
import { DecisionMetrics } from '../../../services/watchdog/src/checks/decision.metrics.js';

// Test infrastructure is the one place that reaches into services: their metric groups are read here.
const deployFile = (path: string) => readFileSync(new URL(`../../../deploy/${path}`, import.meta.url), 'utf8');

/** Every group a service registers, and the process metrics each ops server adds. */
const GROUPS: MetricGroup<unknown>[] = [
  EdgeMetrics, NatsMetrics, QueueMetrics, DroppedJobsMetrics, OutboxMetrics, BreakerMetrics, AdmissionMetrics, WebhookMetrics, DecisionMetrics,
];

/** Series names the platform serves: a histogram serves its buckets, sum and count. `up` is Prometheus' own. */
function servedNames(): Set<string> {
  const metrics = new ServiceMetrics().collectProcessMetrics();
  for (const group of GROUPS) metrics.of(group);
  const names = new Set(['up']);
  for (const metric of metrics.registry.getMetricsAsArray()) {
    const { name } = metric as unknown as { name: string };
    names.add(name);
    if (metric instanceof Histogram) for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

const PROMQL_WORDS = new Set([
  'sum', 'max', 'min', 'avg', 'count', 'rate', 'increase', 'delta', 'histogram_quantile', 'by', 'without', 'on', 'ignoring', 'and', 'or', 'unless', 'bool',
]);

/** The metric names a PromQL expression reads: what is left once strings, matchers, ranges, grouping labels and functions are gone. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)].map(([word]) => word).filter((word) => !PROMQL_WORDS.has(word));
}

interface AlertRule {
  alert: string;
  expr: string;
  labels: { severity: string };
  annotations: { summary: string };
}

const rules = (parse(deployFile('prometheus/alerts.yml')) as { groups: { name: string; rules: AlertRule[] }[] }).groups.flatMap((group) => group.rules);
const panels = (JSON.parse(deployFile('grafana/platform.json')) as { panels: { title: string; targets?: { expr: string }[] }[] }).panels
  .flatMap((panel) => (panel.targets ?? []).map((target) => [panel.title, target.expr] as const));

describe('deploy/prometheus/alerts.yml', () => {
  const served = servedNames();

  it('has the alerts an operator is paged for: outbox age, queue age, breaker open, dropped events, error rate', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(expect.arrayContaining(['OutboxEventsWaiting', 'QueueJobWaitingLong', 'BreakerOpen', 'UsageEventsDropped', 'EdgeErrorRate']));
  });

  it.each(rules.map((rule) => [rule.alert, rule] as const))('%s reads only metrics the services serve, with a severity and a summary', (_alert, rule) => {
    const names = metricNamesIn(rule.expr);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !served.has(name))).toEqual([]);
    expect(rule.labels.severity).toMatch(/^(info|warning|critical)$/);
    expect(rule.annotations.summary).toBeTruthy();
  });
});

describe('deploy/grafana/platform.json', () => {
  const served = servedNames();

  it.each(panels)('%s reads only metrics the services serve', (_title, expr) => {
    const names = metricNamesIn(expr);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !served.has(name))).toEqual([]);
  });
});
