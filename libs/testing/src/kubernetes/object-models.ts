import type { Model } from '@kubernetes-models/base';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';

type ModelClass = new (data: any) => Model<unknown>;

/** The schema of each kind deploy/k8s may hold (Kubernetes' OpenAPI schemas, KEDA's CRDs), by `apiVersion/kind`. */
const MODELS: Record<string, ModelClass> = Object.fromEntries(
  [ConfigMap, Secret, Service, PersistentVolumeClaim, Deployment, HorizontalPodAutoscaler, PodDisruptionBudget, Job, Ingress, ScaledObject, TriggerAuthentication].map((model) => {
    const { apiVersion, kind } = model as unknown as { apiVersion: string; kind: string };
    return [`${apiVersion}/${kind}`, model as unknown as ModelClass];
  }),
);

/** Throws what the schema rejects; a kind without a schema here is rejected too, so nothing goes unchecked. */
export function validateObject(object: { apiVersion: string; kind: string }): void {
  const model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}: add its model to MODELS`);
  new model(object).validate();
}
