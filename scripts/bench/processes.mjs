// Child processes of `npm run bench`: each in its own process group (so stopping it stops what it
// started too), its output kept in a bounded tail for failure reports, and all of them stoppable at once.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib.mjs';

const GUARD = pathToFileURL(path.join(import.meta.dirname, 'orphan-guard.mjs')).href;
const TAIL_LINES = 200;
const STOP_GRACE_MS = 5000;
const BUILD_TIMEOUT_MS = 15 * 60_000;
/** USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

/** Every child still to be stopped. */
const live = new Set();

class Tail {
  lines = [];
  partial = '';
  /** Complete lines seen so far, kept or not. */
  count = 0;

  push(chunk) {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop();
    for (const line of parts) {
      this.lines.push(line);
      this.count += 1;
      if (this.lines.length > TAIL_LINES) this.lines.shift();
    }
  }

  /** Kept lines written after count was `mark`. */
  since(mark) {
    return this.lines.slice(Math.max(0, this.lines.length - (this.count - mark)));
  }

  text(max = TAIL_LINES) {
    return [...this.lines, ...(this.partial ? [this.partial] : [])].slice(-max).join('\n');
  }
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal); // the whole group: the child and anything it started
  } catch {
    try { child.kill(signal); } catch { /* already gone */ }
  }
}

/**
 * A long-running node process (a service, the ceiling server, a peer gateway) with the orphan guard
 * preloaded, node's own `nodeArgs` (e.g. --cpu-prof) and `args` after its entry. Its stdout and stderr
 * are kept (last lines only), never echoed.
 */
export function startNode(name, entry, { env, cwd, args = [], nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', GUARD, entry, ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  const handle = {
    name,
    child,
    stdout: new Tail(),
    stderr: new Tail(),
    exited: null, // { code, signal } once it has exited
    exitPromise: null,
  };
  child.stdout.setEncoding('utf8').on('data', (chunk) => handle.stdout.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => handle.stderr.push(chunk));
  handle.exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      handle.exited = { code, signal };
      live.delete(handle);
      resolve(handle.exited);
    });
    child.on('error', (error) => {
      handle.stderr.push(`spawn error: ${error.message}\n`);
      handle.exited ??= { code: null, signal: null, error };
      live.delete(handle);
      resolve(handle.exited);
    });
  });
  live.add(handle);
  return handle;
}

/**
 * CPU time (ms, user plus system) process `pid` has used so far, from /proc: a cost per request that
 * other load on the machine does not skew as it skews throughput. NaN off Linux or once it is gone.
 */
export function cpuMsOf(pid) {
  try {
    // utime and stime, fields 14 and 15; the name (field 2) may hold spaces, so count after its ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  } catch {
    return NaN;
  }
}

/** Ids of the running processes whose command name is `name` (e.g. redis-server); none off Linux. */
export function pidsNamed(name) {
  try {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    }).map(Number);
  } catch {
    return [];
  }
}

/** node's --cpu-prof flags for a child named `name` when BENCH_CPU_PROF_DIR is set: its profile lands there when it stops. */
export function profileArgs(name) {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.${Date.now()}.cpuprofile`] : [];
}

/**
 * A command run to completion with inherited output (build, migrate), bounded by timeoutMs.
 * Resolves on exit 0, rejects otherwise; stopAll() stops it as well.
 */
export function runToCompletion(name, command, args, { env, cwd, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    const handle = { name, child, exited: null };
    live.add(handle);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), STOP_GRACE_MS).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      live.delete(handle);
      reject(new Error(`${name}: could not start ${command}: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      handle.exited = { code, signal };
      live.delete(handle);
      killGroup(child, 'SIGKILL'); // anything it left behind in its group
      if (code === 0) resolve();
      else if (timedOut) reject(new Error(`${name} did not finish within ${Math.round(timeoutMs / 1000)} s`));
      else reject(new Error(`${name} failed (${code ?? signal})`));
    });
  });
}

/**
 * Builds every project (nx, cached). `npm run bench` builds once and starts each scenario with
 * BENCH_BUILT=1, so a scenario builds only when run on its own.
 */
export async function build(label) {
  if (process.env.BENCH_BUILT === '1') return;
  const nxPackage = path.join(ROOT, 'node_modules', 'nx', 'package.json');
  if (!existsSync(nxPackage)) throw new Error('nx is not installed: run npm install first');
  const nx = path.join(ROOT, 'node_modules', 'nx', JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
  console.log(`${label}: build (nx, cached)...`);
  await runToCompletion('build', process.execPath, [nx, 'run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'], {
    cwd: ROOT, env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' }, timeoutMs: BUILD_TIMEOUT_MS,
  });
}

/** Stops one child: SIGTERM to its group, SIGKILL after a grace period. */
export async function stop(handle) {
  if (handle.exited) {
    killGroup(handle.child, 'SIGKILL'); // leftovers of its group, if any
    return;
  }
  killGroup(handle.child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(handle.child, 'SIGKILL'), STOP_GRACE_MS);
  await (handle.exitPromise ?? new Promise((resolve) => handle.child.once('exit', resolve)));
  clearTimeout(timer);
  killGroup(handle.child, 'SIGKILL');
  live.delete(handle);
}

/** Stops every child still running (in reverse start order), bounded by the grace period. */
export async function stopAll() {
  const handles = [...live].reverse();
  await Promise.all(handles.map((handle) => stop(handle)));
}

/** The last lines a child wrote, labelled, for a failure report. */
export function describeOutput(handle, max = 60) {
  const parts = [];
  const stderr = handle.stderr?.text(max);
  const stdout = handle.stdout?.text(max);
  parts.push(`----- ${handle.name} stderr${stderr ? '' : ' (empty)'} -----`);
  if (stderr) parts.push(stderr);
  if (stdout) parts.push(`----- ${handle.name} stdout (last lines) -----`, stdout);
  return parts.join('\n');
}

/**
 * Runs a scenario's `main` to its exit code. A failure is printed under `label` with its cause and
 * the last output of the services it names (`error.services`); either way every child still
 * running is stopped first.
 */
export function runBench(label, main) {
  main().then(
    async (code) => {
      await stopAll().catch(() => undefined);
      process.exit(code);
    },
    async (error) => {
      console.error(`\n${label}: ${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ''}`);
      for (const service of error.services ?? []) console.error(describeOutput(service));
      await stopAll().catch(() => undefined);
      process.exit(1);
    },
  );
}
