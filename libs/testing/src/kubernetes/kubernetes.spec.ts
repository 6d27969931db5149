import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { QUEUES } from '@platform/contracts';
import { bullPrefix } from '@platform/queue';
import { render } from '../../../../deploy/k8s/generate.mjs';
import { GatewayEnv } from '../../../../services/gateway/src/gateway.env.js';
import { renderKustomization, type KubeObject } from './kustomize-subset.js';
import { validateObject } from './object-models.js';
import { deployedServices, NOT_DEPLOYED, serviceFacts, type ServiceFacts } from './service-facts.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const K8S = path.join(ROOT, 'deploy/k8s');

// The example overlay holds the base: rendering it renders everything an environment applies.
const objects = renderKustomization(path.join(K8S, 'overlays/example'));
const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
const named = (kind: string, name: string) => objects.find((object) => object.kind === kind && object.metadata.name === name);

type Container = { name: string; image: string; env?: { name: string; value?: string; valueFrom?: any }[]; envFrom?: any[]; ports?: { name: string; containerPort: number }[]; [probe: string]: any };
const containerOf = (deployment: KubeObject): Container => deployment.spec.template.spec.containers[0];
const envOf = (container: Container, name: string) => container.env?.find((variable) => variable.name === name);
const deploymentsOf = (service: string) => ofKind('Deployment').filter((deployment) => envOf(containerOf(deployment), 'SERVICE')?.value === service);

const platformConfig = named('ConfigMap', 'platform')!.data!;
const opsPort = Number(platformConfig.OPS_PORT);
/** The agents service runs both roles in one pod while the manifests' hosting provider (local, the default) keeps runtimes as its child processes. */
const agentsIsSingleton = (platformConfig.HOSTING_PROVIDER ?? 'local') === 'local';

let facts: ServiceFacts[];
beforeAll(async () => {
  // One at a time: Jest's module loader fails concurrent imports that share modules.
  facts = [];
  for (const service of deployedServices()) facts.push(await serviceFacts(service));
});

describe('deploy/k8s/base (generated)', () => {
  it.each([...render()].map(([file, text]) => [file, text] as const))('%s is what deploy/k8s/generate.mjs writes (npm run k8s)', (file, text) => {
    expect(readFileSync(path.join(K8S, 'base', file), 'utf8')).toBe(text);
  });

  it('has no file in base/services that the generator no longer writes', () => {
    const written = [...render().keys()].filter((file) => file.startsWith('services/'));
    expect(readdirSync(path.join(K8S, 'base/services')).map((file) => `services/${file}`).sort()).toEqual(written.sort());
  });
});

describe('deploy/k8s/overlays/example, rendered', () => {
  it.each(objects.map((object) => [`${object.kind} ${object.metadata.name}`, object] as const))('%s is valid against its schema', (_name, object) => {
    expect(() => validateObject(object)).not.toThrow();
  });

  it('puts every namespaced object in the namespace and runs the registry image', () => {
    expect(objects.filter((object) => object.metadata.namespace !== 'platform')).toEqual([]);
    const images = [...ofKind('Deployment'), ...ofKind('Job')].map((object) => containerOf(object).image);
    expect(new Set(images)).toEqual(new Set(['registry.example.com/platform:1.0.0']));
  });
});

describe('every service of services/', () => {
  it('is read from the code: each queue of QUEUES has a consumer among the deployed services', () => {
    expect(facts.flatMap((service) => service.queues).sort()).toEqual(Object.values(QUEUES).sort());
  });

  it('is deployed, but for the services that are not (and why: NOT_DEPLOYED)', () => {
    const deployed = new Set(ofKind('Deployment').map((deployment) => envOf(containerOf(deployment), 'SERVICE')?.value));
    expect([...deployed].sort()).toEqual(deployedServices());
    for (const service of Object.keys(NOT_DEPLOYED)) expect(existsSync(path.join(ROOT, 'services', service))).toBe(true);
  });

  it('has a Deployment for each role its code has, api and worker apart', () => {
    for (const service of facts) {
      const roles = deploymentsOf(service.name).map((deployment) => envOf(containerOf(deployment), 'ROLES')?.value);
      const expected = service.name === 'agents' && agentsIsSingleton ? [service.roles.join(',')] : service.roles;
      expect({ service: service.name, roles: roles.sort() }).toEqual({ service: service.name, roles: [...expected].sort() });
    }
  });

  it('has an HPA over CPU and a disruption budget for each api Deployment', () => {
    const apis = ofKind('Deployment').filter((deployment) => envOf(containerOf(deployment), 'ROLES')?.value === 'api');
    expect(apis.length).toBeGreaterThan(0);
    for (const deployment of apis) {
      const hpa = ofKind('HorizontalPodAutoscaler').find((one) => one.spec.scaleTargetRef.name === deployment.metadata.name);
      expect({ deployment: deployment.metadata.name, target: hpa?.spec.scaleTargetRef.kind, min: hpa?.spec.minReplicas >= 2 }).toEqual({ deployment: deployment.metadata.name, target: 'Deployment', min: true });
      const budget = ofKind('PodDisruptionBudget').find((one) => JSON.stringify(one.spec.selector) === JSON.stringify(deployment.spec.selector));
      expect({ deployment: deployment.metadata.name, maxUnavailable: budget?.spec.maxUnavailable }).toEqual({ deployment: deployment.metadata.name, maxUnavailable: 1 });
    }
  });

  it('has no Deployment scaled by both an HPA and a ScaledObject (KEDA makes an HPA of its own)', () => {
    const byHpa = ofKind('HorizontalPodAutoscaler').map((one) => one.spec.scaleTargetRef.name);
    expect(ofKind('ScaledObject').filter((one) => byHpa.includes(one.spec.scaleTargetRef.name))).toEqual([]);
  });

  it('has, for each worker Deployment, a KEDA redis trigger on the BullMQ wait list of every queue it consumes', () => {
    const prefix = bullPrefix(platformConfig.REDIS_PREFIX);
    const authentications = new Set(ofKind('TriggerAuthentication').map((one) => one.metadata.name));
    for (const service of facts.filter((one) => one.queues.length && one.roles.includes('worker'))) {
      const worker = deploymentsOf(service.name).find((deployment) => (envOf(containerOf(deployment), 'ROLES')?.value ?? '').split(',').includes('worker'))!;
      if (service.name === 'agents' && agentsIsSingleton) {
        // One pod holds every agent runtime: it is not scaled at all (docs/kubernetes.md).
        expect(worker.spec.replicas).toBe(1);
        continue;
      }
      const scaled = ofKind('ScaledObject').find((one) => one.spec.scaleTargetRef.name === worker.metadata.name);
      const triggers = (scaled?.spec.triggers ?? []) as { type: string; metadata: { listName: string }; authenticationRef: { name: string } }[];
      expect({ service: service.name, lists: triggers.map((trigger) => trigger.metadata.listName).sort() })
        .toEqual({ service: service.name, lists: service.queues.map((queue) => `${prefix}:${queue}:wait`).sort() });
      for (const trigger of triggers) {
        expect(trigger.type).toBe('redis');
        expect(authentications.has(trigger.authenticationRef.name)).toBe(true);
      }
      expect(scaled?.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    }
  });

  it('reads each variable its env class marks @Secret() from the Secret, never from a value or a ConfigMap', () => {
    for (const service of facts) {
      for (const deployment of deploymentsOf(service.name)) {
        const container = containerOf(deployment);
        for (const key of service.secrets) {
          expect({ deployment: deployment.metadata.name, key, from: envOf(container, key)?.valueFrom?.secretKeyRef?.name })
            .toEqual({ deployment: deployment.metadata.name, key, from: 'platform-secrets' });
        }
      }
    }
    const configValues = ofKind('ConfigMap').flatMap((map) => Object.keys(map.data ?? {}));
    expect(configValues.filter((key) => facts.some((service) => service.secrets.includes(key)))).toEqual([]);
  });

  it('sets each variable whose default is a local address (the sandbox, 127.0.0.1), in its env or the ConfigMaps', () => {
    const configured = new Set(ofKind('ConfigMap').flatMap((map) => Object.keys(map.data ?? {})));
    for (const service of facts) {
      for (const deployment of deploymentsOf(service.name)) {
        const container = containerOf(deployment);
        const unset = service.localDefaults.filter((key) => !envOf(container, key) && !configured.has(key));
        expect({ deployment: deployment.metadata.name, unset }).toEqual({ deployment: deployment.metadata.name, unset: [] });
      }
    }
  });
});

describe('every Deployment', () => {
  it.each(ofKind('Deployment').map((deployment) => [deployment.metadata.name, deployment] as const))('%s probes /livez and /readyz on the ops port, is scraped there and requests resources', (_name, deployment) => {
    const container = containerOf(deployment);
    const ops = container.ports?.find((port) => port.name === 'ops');
    expect(ops?.containerPort).toBe(opsPort);
    expect(container.livenessProbe.httpGet).toEqual({ path: '/livez', port: 'ops' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'ops' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/livez', port: 'ops' });
    expect(deployment.spec.template.metadata.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(opsPort), 'prometheus.io/path': '/metrics' });
    expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
    // The ops server listens on 127.0.0.1 unless told otherwise: the kubelet and Prometheus come from outside the pod.
    expect(container.envFrom).toContainEqual({ configMapRef: { name: 'platform' } });
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
    expect(platformConfig.OPS_HOST).toBe('0.0.0.0');
  });
});

describe('the gateway', () => {
  const gateway = deploymentsOf('gateway')[0];
  const service = named('Service', 'gateway')!;

  it('serves its three surfaces through the Service `gateway`, on the ports its env sets', () => {
    const container = containerOf(gateway);
    const portOf = (variable: keyof GatewayEnv) => Number(envOf(container, variable)?.value ?? new GatewayEnv()[variable]);
    expect(service.spec.selector).toEqual(gateway.spec.selector.matchLabels);
    expect(service.spec.ports.map((port: { name: string }) => port.name).sort()).toEqual(['backend', 'summarizer', 'web']);
    const byName = Object.fromEntries(container.ports!.map((port) => [port.name, port.containerPort]));
    expect(byName).toMatchObject({ web: portOf('WEB_PORT'), backend: portOf('BACKEND_PORT'), summarizer: portOf('SUMMARIZER_PORT') });
    expect(envOf(container, 'HOST')?.value).toBe('0.0.0.0');
    expect(platformConfig.BACKEND_URL).toBe(`http://gateway:${portOf('BACKEND_PORT')}`);
  });

  it('is what the Ingress routes to', () => {
    for (const ingress of ofKind('Ingress')) {
      for (const rule of ingress.spec.rules) {
        for (const route of rule.http.paths) expect(route.backend.service).toEqual({ name: 'gateway', port: { name: 'web' } });
      }
    }
  });
});

describe('the agents service', () => {
  const agents = deploymentsOf('agents')[0];

  it('runs one pod whose runtimes keep their files on a volume and are reached through a headless Service', () => {
    if (!agentsIsSingleton) throw new Error('The manifests pick a hosting provider other than local: give agents separate api and worker Deployments (deploy/k8s/generate.mjs)');
    const container = containerOf(agents);
    expect(agents.spec.replicas).toBe(1);
    expect(agents.spec.strategy).toEqual({ type: 'Recreate' });
    expect(named('HorizontalPodAutoscaler', agents.metadata.name)).toBeUndefined();
    const mount = container.volumeMounts.find((one: { mountPath: string }) => one.mountPath === envOf(container, 'AGENT_DATA_DIR')?.value);
    const volume = agents.spec.template.spec.volumes.find((one: { name: string }) => one.name === mount?.name);
    expect(named('PersistentVolumeClaim', volume?.persistentVolumeClaim.claimName)).toBeDefined();
    const headless = named('Service', envOf(container, 'AGENT_RUNTIME_ADVERTISED_HOST')!.value!);
    expect(headless?.spec).toMatchObject({ clusterIP: 'None', selector: agents.spec.selector.matchLabels });
    expect(envOf(container, 'AGENT_RUNTIME_HOST')?.value).toBe('0.0.0.0');
  });
});

describe('the migration Job', () => {
  it('runs scripts/migrate.mjs from the image with the database URL from the Secret', () => {
    const [job] = ofKind('Job');
    const container = containerOf(job);
    expect(container.command).toEqual(['node', 'scripts/migrate.mjs']);
    expect(existsSync(path.join(ROOT, 'scripts/migrate.mjs'))).toBe(true);
    expect(readFileSync(path.join(ROOT, 'deploy/Dockerfile'), 'utf8')).toContain('COPY --from=build /app/scripts ./scripts');
    expect(envOf(container, 'DATABASE_URL')?.valueFrom.secretKeyRef).toEqual({ name: 'platform-secrets', key: 'DATABASE_URL' });
  });
});
