// Writes deploy/k8s/base/services/<service>.yaml and deploy/k8s/base/kustomization.yaml from the
// SERVICES table below: the Deployments of each role, the gateway's Service, an HPA and a
// PodDisruptionBudget per api Deployment and a KEDA ScaledObject per queue-consuming worker. Every
// service's objects have the same shape, so they are written once here rather than copied per service.
//
//   node deploy/k8s/generate.mjs    (npm run k8s)
//
// libs/testing/src/kubernetes/kubernetes.spec.ts fails when the committed files differ from what this writes,
// and checks the table against the code (roles, queues, secret variables of each service).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';

const BASE = path.join(import.meta.dirname, 'base');

/** The image every container runs (deploy/Dockerfile); an overlay's `images` sets the registry and tag. */
export const IMAGE = 'platform';
/** OPS_PORT of every container (libs/ops): /metrics, /livez, /readyz. */
export const OPS_PORT = 9400;
/** REDIS_PREFIX of the platform ConfigMap; the queues' Redis keys start with `${REDIS_PREFIX}bull` (bullPrefix). */
export const REDIS_PREFIX = '';
/** The Secret the operator creates (docs/kubernetes.md lists its keys). */
export const SECRET = 'platform-secrets';

const small = { requests: { cpu: '100m', memory: '192Mi' }, limits: { memory: '512Mi' } };

/**
 * One row per deployed service. `roles`: the Deployments it gets (api: NATS handlers, or the
 * gateway's HTTP surfaces; worker: BullMQ processors, the outbox relay, sweeps). `queues`: the BullMQ
 * queues its worker consumes, with the waiting jobs one replica is sized for. `secrets`: the
 * variables its env class marks @Secret(), read from the Secret. agent-runtime (spawned by agents)
 * and sandbox (a stand-in for third parties) are not deployed: see docs/kubernetes.md.
 */
export const SERVICES = {
  gateway: {
    roles: ['api'],
    secrets: ['INTERNAL_API_KEY'],
    env: { HOST: '0.0.0.0', WEB_PORT: '3000', BACKEND_PORT: '4000', SUMMARIZER_PORT: '3100' },
    // The three public surfaces (docs/operations.md); the Service is named `gateway` (BACKEND_URL).
    ports: { web: 3000, backend: 4000, summarizer: 3100 },
    resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { memory: '768Mi' } },
    replicas: { min: 2, max: 10 },
  },
  identity: {
    roles: ['api', 'worker'],
    queues: { 'identity.mail': 20 },
    secrets: ['BOT_CHECK_SECRET', 'SECRETS_KEY', 'IDP_CLIENT_SECRET', 'CODE_HOST_CLIENT_SECRET'],
  },
  billing: {
    // Its worker only relays the outbox: nothing queued to scale on, one replica.
    roles: ['api', 'worker'],
    secrets: ['BILLING_PROCESSOR_KEY', 'BILLING_WEBHOOK_SECRET', 'SECRETS_KEY'],
  },
  'ai-gateway': {
    roles: ['api'],
    secrets: ['OPENROUTER_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY'],
    resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { memory: '768Mi' } },
    replicas: { min: 2, max: 10 },
  },
  usage: {
    roles: ['api', 'worker'],
    queues: { 'usage.log': 500, 'usage.tools': 500 },
    secrets: [],
  },
  agents: {
    // The `local` hosting provider (the only one, docs/hosting.md) runs agent runtimes as child
    // processes of this pod, with their files on its volume, and both roles signal those processes:
    // one pod with both roles until a remote provider exists. Its runtimes are reached through the
    // headless Service `agents` (AGENT_RUNTIME_ADVERTISED_HOST).
    roles: ['api', 'worker'],
    singleton: true,
    queues: { 'agents.provision': 10, 'agents.heartbeat': 10 },
    secrets: ['INTERNAL_API_KEY'],
    env: { AGENT_RUNTIME_HOST: '0.0.0.0', AGENT_RUNTIME_ADVERTISED_HOST: 'agents', AGENT_DATA_DIR: '/data/agents' },
    // Every agent's runtime lives in this pod: size it for them (a plan's memory each, docs/hosting.md).
    resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { memory: '8Gi' } },
    volume: { name: 'agents-data', mountPath: '/data/agents', size: '20Gi' },
  },
  watchdog: {
    roles: ['api', 'worker'],
    queues: { 'watchdog.check': 50 },
    secrets: [],
  },
  wallet: {
    roles: ['api', 'worker'],
    queues: { 'wallet.splits': 10, 'wallet.transfers': 10 },
    secrets: ['SECRETS_KEY', 'WALLET_TREASURY_KEY'],
  },
  bus: {
    roles: ['api', 'worker'],
    queues: { 'bus.deliver': 50 },
    secrets: [],
  },
  scheduler: {
    roles: ['api', 'worker'],
    queues: { 'scheduler.run': 20 },
    secrets: ['SECRETS_KEY', 'CALENDAR_CLIENT_SECRET'],
  },
  feeds: { roles: ['api'], secrets: [] },
  summarizer: { roles: ['api'], secrets: [] },
  skills: { roles: ['api'], secrets: [] },
  media: {
    roles: ['api', 'worker'],
    // A render runs ffmpeg for minutes: a replica per two waiting renders.
    queues: { 'media.render': 2, 'media.asset_deletion': 50 },
    secrets: ['SECRETS_KEY', 'STREAMING_TOKEN_SECRET', 'STREAM_SIGNING_SECRET', 'STREAM_WEBHOOK_SECRET'],
    workerResources: { requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '2Gi' } },
  },
};

/** Every service connects to these three; their URLs may carry passwords (CommonEnv marks them secret). */
export const CONNECTION_SECRETS = ['DATABASE_URL', 'REDIS_URL', 'NATS_URL'];
/** Secret keys a service cannot run without; the others are optional (the feature stays off or uses its default). */
export const REQUIRED_SECRETS = [...CONNECTION_SECRETS, 'INTERNAL_API_KEY', 'SECRETS_KEY'];

/** The Redis list BullMQ 5 keeps a queue's waiting jobs in: `<prefix>:<queue>:wait`, prefix `${REDIS_PREFIX}bull`. */
export const waitListOf = (queue) => `${REDIS_PREFIX}bull:${queue}:wait`;

const labelsOf = (service, component) => ({
  'app.kubernetes.io/name': service,
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/part-of': 'platform',
});

const secretEnv = (key) => ({
  name: key,
  valueFrom: { secretKeyRef: { name: SECRET, key, ...(REQUIRED_SECRETS.includes(key) ? {} : { optional: true }) } },
});

function container(service, row, roles, resources) {
  const ports = [{ name: 'ops', containerPort: OPS_PORT }, ...Object.entries(row.ports ?? {}).map(([name, port]) => ({ name, containerPort: port }))];
  const probe = (urlPath, periodSeconds, failureThreshold) => ({ httpGet: { path: urlPath, port: 'ops' }, periodSeconds, failureThreshold, timeoutSeconds: 3 });
  return {
    name: service,
    image: IMAGE,
    env: [
      { name: 'SERVICE', value: service },
      { name: 'ROLES', value: roles },
      ...Object.entries(row.env ?? {}).map(([name, value]) => ({ name, value })),
      ...[...CONNECTION_SECRETS, ...row.secrets].map(secretEnv),
    ],
    // platform: the wiring every service shares; platform-settings: the operator's per-environment values.
    envFrom: [{ configMapRef: { name: 'platform' } }, { configMapRef: { name: 'platform-settings', optional: true } }],
    ports,
    // A boot connects to Postgres, Redis and NATS first: up to a minute before liveness counts.
    startupProbe: probe('/livez', 2, 30),
    livenessProbe: probe('/livez', 10, 3),
    readinessProbe: probe('/readyz', 5, 2),
    resources,
    securityContext: { allowPrivilegeEscalation: false },
    ...(row.volume ? { volumeMounts: [{ name: 'data', mountPath: row.volume.mountPath }] } : {}),
  };
}

function deployment(service, row, component, roles, resources) {
  const name = row.singleton ? service : `${service}-${component}`;
  const labels = labelsOf(service, component);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels },
    spec: {
      // An HPA or ScaledObject owns the count of the others; a singleton is one pod, replaced not rolled.
      ...(row.singleton || !row.queues && component === 'worker' ? { replicas: 1 } : {}),
      ...(row.singleton ? { strategy: { type: 'Recreate' } } : {}),
      selector: { matchLabels: { 'app.kubernetes.io/name': service, 'app.kubernetes.io/component': component } },
      template: {
        metadata: {
          labels,
          annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(OPS_PORT), 'prometheus.io/path': '/metrics' },
        },
        spec: {
          // On SIGTERM workers wait up to 10 s for their jobs (WORKER_CLOSE_GRACE_MS, libs/queue), then close
          // their connections; a job still running returns to its queue when its lock lapses.
          terminationGracePeriodSeconds: component === 'api' ? 30 : 60,
          securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
          containers: [container(service, row, roles, resources)],
          ...(row.volume ? { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: row.volume.name } }] } : {}),
        },
      },
    },
  };
}

function hpa(service, row) {
  const name = `${service}-api`;
  const { min, max } = row.replicas ?? { min: 2, max: 6 };
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name, labels: labelsOf(service, 'api') },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: min,
      maxReplicas: max,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    },
  };
}

/** A node drain takes one api pod at a time, so a service with two or more keeps answering. */
function disruptionBudget(service) {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: `${service}-api`, labels: labelsOf(service, 'api') },
    spec: {
      maxUnavailable: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': service, 'app.kubernetes.io/component': 'api' } },
    },
  };
}

function scaledObject(service, row) {
  const name = `${service}-worker`;
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: { name, labels: labelsOf(service, 'worker') },
    spec: {
      scaleTargetRef: { name },
      // Never zero: a worker also relays the outbox and runs sweeps and consumers, queue or not.
      minReplicaCount: 1,
      maxReplicaCount: 8,
      pollingInterval: 15,
      cooldownPeriod: 300,
      triggers: Object.entries(row.queues).map(([queue, perReplica]) => ({
        type: 'redis',
        name: queue.replace(/[._]/g, '-'),
        metadata: { listName: waitListOf(queue), listLength: String(perReplica) },
        authenticationRef: { name: 'platform-redis' },
      })),
    },
  };
}

function gatewayService(service, row) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: service, labels: labelsOf(service, 'api') },
    spec: {
      selector: { 'app.kubernetes.io/name': service, 'app.kubernetes.io/component': 'api' },
      ports: Object.entries(row.ports).map(([name, port]) => ({ name, port, targetPort: name })),
    },
  };
}

/** Runtimes listen on ports of their own choosing in the agents pod: a headless Service resolves its name to the pod, whatever the port. */
function runtimesService(service) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: service, labels: labelsOf(service, 'combined') },
    spec: {
      clusterIP: 'None',
      // Runtimes are processes of their own: reachable while the service itself is not ready.
      publishNotReadyAddresses: true,
      selector: { 'app.kubernetes.io/name': service, 'app.kubernetes.io/component': 'combined' },
    },
  };
}

function claim(service, row) {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: row.volume.name, labels: labelsOf(service, 'combined') },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: row.volume.size } } },
  };
}

/** The objects of one service, in the order they are written. */
export function objectsOf(service, row) {
  if (row.singleton) {
    return [deployment(service, row, 'combined', row.roles.join(','), row.resources ?? small), runtimesService(service), claim(service, row)];
  }
  const objects = [];
  if (row.roles.includes('api')) {
    objects.push(deployment(service, row, 'api', 'api', row.resources ?? small), hpa(service, row), disruptionBudget(service));
    if (row.ports) objects.push(gatewayService(service, row));
  }
  if (row.roles.includes('worker')) {
    objects.push(deployment(service, row, 'worker', 'worker', row.workerResources ?? small));
    if (row.queues) objects.push(scaledObject(service, row));
  }
  return objects;
}

const HEADER = '# Generated by deploy/k8s/generate.mjs (npm run k8s) from its SERVICES table: edit the table, not this file.\n';

/** File path under deploy/k8s/base -> contents. */
export function render() {
  const files = new Map();
  for (const [service, row] of Object.entries(SERVICES)) {
    files.set(`services/${service}.yaml`, HEADER + objectsOf(service, row).map((object) => stringify(object, { lineWidth: 0, aliasDuplicateObjects: false })).join('---\n'));
  }
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    resources: ['platform.configmap.yaml', 'redis.trigger-authentication.yaml', 'migrate.job.yaml', ...[...files.keys()]],
  };
  files.set('kustomization.yaml', HEADER + stringify(kustomization));
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = render();
  rmSync(path.join(BASE, 'services'), { recursive: true, force: true });
  mkdirSync(path.join(BASE, 'services'), { recursive: true });
  for (const [file, text] of files) writeFileSync(path.join(BASE, file), text);
  console.log(`deploy/k8s/base: ${files.size} files (${readdirSync(path.join(BASE, 'services')).length} services)`);
}
