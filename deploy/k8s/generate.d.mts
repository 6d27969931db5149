export interface ServiceRow {
  roles: ('api' | 'worker')[];
  singleton?: boolean;
  queues?: Record<string, number>;
  secrets: string[];
  env?: Record<string, string>;
  ports?: Record<string, number>;
}

export const IMAGE: string;
export const OPS_PORT: number;
export const REDIS_PREFIX: string;
export const SECRET: string;
export const SERVICES: Record<string, ServiceRow>;
export const CONNECTION_SECRETS: string[];
export const REQUIRED_SECRETS: string[];
export function waitListOf(queue: string): string;
/** File path under deploy/k8s/base -> contents. */
export function render(): Map<string, string>;
