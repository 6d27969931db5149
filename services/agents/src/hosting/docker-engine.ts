import { Inject, Injectable, Logger } from '@nestjs/common';
import Docker from 'dockerode';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';

/** One event of the engine's stream (GET /events), as far as the adapters read it. */
export interface EngineEvent {
  Type: string;
  Action: string;
  Actor: { ID: string; Attributes: Record<string, string> };
  /** Seconds since the epoch, and the same in nanoseconds. */
  time: number;
  timeNano: number;
}

export interface EventWatch {
  close(): void;
}

const DEFAULT_SOCKET = '/var/run/docker.sock';
/** A lost event stream (dockerd restarted) is opened again this long after, from where it broke off. */
const EVENTS_RETRY_MS = 1000;
/** Every frame of a non-TTY container's log starts with 8 bytes: stream, three zeros, the length (big-endian). */
const LOG_FRAME_HEADER = 8;

/** DOCKER_HOST (`unix:///path` or `tcp://host:port`, empty for the local socket) as dockerode's options. */
export function engineOptions(dockerHost: string): Docker.DockerOptions {
  if (!dockerHost) return { socketPath: DEFAULT_SOCKET };
  if (dockerHost.startsWith('unix://')) return { socketPath: dockerHost.slice('unix://'.length) };
  const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
  return { protocol: 'http', host: url.hostname, port: url.port || '2375' };
}

/** The engine answered 404: the container or volume is not there. */
export const isMissing = (error: unknown): boolean => (error as { statusCode?: number } | null)?.statusCode === 404;
/** What the engine call gives, or null when what it names is not there (404): gone is what a remove wants, absent what a lookup may find. */
export async function unlessMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The engine answered 409: a name taken (a double create), or a state the call does not apply to. */
export const isConflict = (error: unknown): boolean => (error as { statusCode?: number } | null)?.statusCode === 409;

/** A non-TTY log (stdout and stderr multiplexed in frames) as plain text. */
export function demuxLog(raw: Buffer): string {
  const parts: Buffer[] = [];
  for (let offset = 0; offset + LOG_FRAME_HEADER <= raw.length;) {
    const length = raw.readUInt32BE(offset + 4);
    parts.push(raw.subarray(offset + LOG_FRAME_HEADER, offset + LOG_FRAME_HEADER + length));
    offset += LOG_FRAME_HEADER + length;
  }
  return Buffer.concat(parts).toString('utf8');
}

/** A log the engine sent (dockerode gives a Buffer, or a string for some calls) as plain text. */
export const logText = (raw: unknown): string => demuxLog(Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw)));

/**
 * The Docker Engine API (DOCKER_HOST) for the container adapters: the dockerode client, whether the
 * engine answers, a container's last log lines, and an event stream that survives a restart of dockerd.
 */
@Injectable()
export class DockerEngine {
  readonly api: Docker;
  private readonly logger = new Logger('DockerEngine');
  private cpuCount?: Promise<number>;

  constructor(@Inject(AGENTS_ENV) private readonly env: AgentsEnv) {
    // No client-wide timeout: it would cut the event stream whenever the engine has nothing to say.
    this.api = new Docker(engineOptions(env.DOCKER_HOST));
  }

  /** GET /_ping within the probe timeout. */
  async reachable(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.env.HEALTH_PROBE_TIMEOUT_MS);
    });
    const ping = this.api.ping().then(() => true, () => false);
    return Promise.race([ping, timeout]).finally(() => clearTimeout(timer));
  }

  /** CPUs of the engine's machine (GET /info's NCPU), asked once: the most CPU time a container can be given. */
  cpus(): Promise<number> {
    this.cpuCount ??= this.api.info().then((info: { NCPU: number }) => info.NCPU);
    // A failed ask is not kept: the engine may just have been down.
    this.cpuCount.catch(() => {
      this.cpuCount = undefined;
    });
    return this.cpuCount;
  }

  /** The container's last `lines` lines of output, stdout and stderr together. */
  async logTail(containerId: string, lines: number): Promise<string> {
    return logText(await this.api.getContainer(containerId).logs({ stdout: true, stderr: true, follow: false, tail: lines }));
  }

  /**
   * Every event matching `filters` from now on, in order. When the stream breaks (dockerd restarted,
   * the socket closed) it is opened again from the last event seen, so an exit in between is not lost.
   */
  watchEvents(filters: Record<string, string[]>, onEvent: (event: EngineEvent) => void): EventWatch {
    let closed = false;
    let since = Math.floor(Date.now() / 1000);
    let current: NodeJS.ReadableStream & { destroy?: () => void } | undefined;
    let retry: NodeJS.Timeout | undefined;
    const seen = new Set<string>();
    const open = async () => {
      try {
        const stream = (await this.api.getEvents({ since, filters })) as NodeJS.ReadableStream & { destroy?: () => void };
        if (closed) return stream.destroy?.();
        current = stream;
        let pending = '';
        stream.on('data', (chunk: Buffer) => {
          pending += chunk.toString('utf8');
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines.filter(Boolean)) {
            const event = JSON.parse(line) as EngineEvent;
            // Reopening from `since` (whole seconds) replays that second's events: each is handled once.
            const key = `${event.timeNano}:${event.Actor.ID}:${event.Action}`;
            if (seen.has(key)) continue;
            seen.add(key);
            if (seen.size > 1000) seen.delete(seen.values().next().value!);
            since = event.time;
            onEvent(event);
          }
        });
        stream.once('error', () => undefined);
        stream.once('close', () => reopen());
        stream.once('end', () => reopen());
      } catch (error) {
        this.logger.warn(`Engine events not read (${String(error)}), trying again`);
        reopen();
      }
    };
    const reopen = () => {
      if (closed || retry) return;
      current = undefined;
      retry = setTimeout(() => {
        retry = undefined;
        void open();
      }, EVENTS_RETRY_MS);
      retry.unref();
    };
    void open();
    return {
      close: () => {
        closed = true;
        clearTimeout(retry);
        current?.destroy?.();
      },
    };
  }
}
