export interface SupervisedService {
  name: string;
  command: string;
  args: string[];
  /** Added to the supervisor's env for this service only. */
  env?: NodeJS.ProcessEnv;
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
  resetAfterMs: number;
}

export interface SupervisorOptions {
  services: SupervisedService[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  backoff?: Partial<Backoff>;
  graceMs?: number;
  output?: (line: string) => void;
}

export const DEFAULT_BACKOFF: Backoff;
export const DEFAULT_GRACE_MS: number;
export function restartDelay(streak: number, backoff: Pick<Backoff, 'initialMs' | 'maxMs'>): number;

export class ServiceSupervisor {
  constructor(options: SupervisorOptions);
  start(): void;
  pid(name: string): number | undefined;
  stop(): Promise<void>;
}
