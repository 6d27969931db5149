// The services of `npm start` as supervised child processes: one that exits is started again after
// a growing delay while the others keep serving; stop() ends them all and starts nothing more.
import { spawn } from 'node:child_process';

/** 1 s, 2 s, 4 s … 30 s; a service that stayed up a minute starts again from 1 s. */
export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 };
/** How long stop() waits after SIGTERM before it sends SIGKILL. */
export const DEFAULT_GRACE_MS = 5000;

/** The delay before the `streak`-th restart in a row (1-based): doubling from initialMs, capped at maxMs. */
export function restartDelay(streak, { initialMs, maxMs }) {
  return Math.min(initialMs * 2 ** (streak - 1), maxMs);
}

function seconds(ms) {
  return `${ms / 1000} s`;
}

/** Writes each complete line of `stream` through `output` with `prefix`; a last unterminated line at its end. */
function prefixLines(stream, prefix, output) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (buffered + chunk).split('\n');
    buffered = lines.pop();
    for (const line of lines) output(`${prefix}${line}`);
  });
  stream.on('end', () => {
    if (buffered) output(`${prefix}${buffered}`);
  });
}

export class ServiceSupervisor {
  #services;
  #cwd;
  #env;
  #backoff;
  #graceMs;
  #output;
  #stopping = false;
  #stopped;

  /**
   * `services`: `{ name, command, args, env? }` each, spawned with `cwd` and `env` (plus its own); their stdout and stderr
   * lines and the supervisor's own go to `output` (stdout by default), prefixed `[name] ` and
   * `[supervisor] `.
   */
  constructor({ services, cwd, env, backoff = {}, graceMs = DEFAULT_GRACE_MS, output = (line) => process.stdout.write(`${line}\n`) }) {
    this.#services = services.map((service) => ({ ...service, child: undefined, exited: undefined, startedAt: 0, streak: 0, restarts: 0, timer: undefined }));
    this.#cwd = cwd;
    this.#env = env;
    this.#backoff = { ...DEFAULT_BACKOFF, ...backoff };
    this.#graceMs = graceMs;
    this.#output = output;
  }

  start() {
    for (const service of this.#services) this.#spawn(service);
  }

  /** The running process of service `name`; undefined while it waits to be restarted. */
  pid(name) {
    return this.#services.find((service) => service.name === name)?.child?.pid;
  }

  /** SIGTERM to every service, SIGKILL to any still alive after the grace period; resolves once all have exited. */
  stop() {
    if (!this.#stopping) {
      this.#stopping = true;
      this.#stopped = this.#stopAll();
    }
    return this.#stopped;
  }

  async #stopAll() {
    for (const service of this.#services) clearTimeout(service.timer);
    const running = this.#services.filter((service) => service.child);
    for (const service of running) service.child.kill('SIGTERM');
    const grace = setTimeout(() => {
      for (const service of running.filter((candidate) => candidate.child)) {
        this.#log(`${service.name} still running after ${seconds(this.#graceMs)}; sending SIGKILL`);
        service.child.kill('SIGKILL');
      }
    }, this.#graceMs);
    await Promise.all(running.map((service) => service.exited));
    clearTimeout(grace);
  }

  #log(message) {
    this.#output(`[supervisor] ${message}`);
  }

  #spawn(service) {
    const child = spawn(service.command, service.args, { cwd: this.#cwd, env: { ...this.#env, ...service.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    service.child = child;
    service.startedAt = Date.now();
    for (const stream of [child.stdout, child.stderr]) prefixLines(stream, `[${service.name}] `, this.#output);
    service.exited = new Promise((resolve) => {
      let ended = false;
      const end = (how) => {
        if (ended) return;
        ended = true;
        service.child = undefined;
        this.#exited(service, how);
        resolve();
      };
      child.once('exit', (code, signal) => end(signal ?? `code ${code}`));
      // Only a process that never started: an 'error' from kill() on a live one is not an exit.
      child.on('error', (error) => {
        if (child.pid === undefined) end(error.code ?? error.message);
      });
    });
    return child;
  }

  #exited(service, how) {
    if (this.#stopping) {
      this.#log(`${service.name} exited (${how})`);
      return;
    }
    if (Date.now() - service.startedAt >= this.#backoff.resetAfterMs) service.streak = 0;
    service.streak += 1;
    service.restarts += 1;
    const delay = restartDelay(service.streak, this.#backoff);
    this.#log(`${service.name} exited (${how}); restarting in ${seconds(delay)} (restart ${service.restarts})`);
    service.timer = setTimeout(() => {
      service.timer = undefined;
      const child = this.#spawn(service);
      this.#log(`${service.name} restarted (restart ${service.restarts}, pid ${child.pid})`);
    }, delay);
  }
}
