import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
}

interface Kustomization {
  resources?: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
}

/** The fields deploy/k8s uses; anything else would be ignored here but not by kustomize, so it fails instead. */
const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images']);
/** Kinds without a namespace among those deploy/k8s has. */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'ClusterTriggerAuthentication']);

const readObjects = (file: string): KubeObject[] =>
  parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS() as KubeObject).filter(Boolean);

function withImages(object: KubeObject, images: NonNullable<Kustomization['images']>): KubeObject {
  const pod = object.kind === 'Job' || object.kind === 'Deployment' ? object.spec.template.spec : undefined;
  for (const container of pod?.containers ?? []) {
    const [name, tag] = String(container.image).split(':');
    const image = images.find((one) => one.name === name);
    if (image) container.image = `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}`;
  }
  return object;
}

/**
 * `kubectl kustomize <dir>` for the subset of kustomize deploy/k8s uses (resources, namespace,
 * images), so the test renders without kubectl (not installable from this machine's apt sources).
 */
export function renderKustomization(dir: string): KubeObject[] {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unknown = Object.keys(kustomization).filter((field) => !KNOWN_FIELDS.has(field));
  if (unknown.length) throw new Error(`${dir}/kustomization.yaml: ${unknown.join(', ')} not rendered by this subset; extend renderKustomization`);
  const objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.join(dir, resource);
    if (!existsSync(target)) throw new Error(`${dir}/kustomization.yaml: ${resource} does not exist`);
    return statSync(target).isDirectory() ? renderKustomization(target) : readObjects(target);
  });
  return objects.map((object) => {
    if (kustomization.namespace && !CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
    return withImages(object, kustomization.images ?? []);
  });
}
