import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from '../libs/testing/src/wait-for.js';
import { ServiceSupervisor, type SupervisorOptions } from './supervisor.mjs';

/** Keeps a throwaway service up, and ends it should the test's process die without stopping it. */
const STAY_UP = `const parent = process.ppid; setInterval(() => { if (process.ppid !== parent) process.exit(); }, 200);`;

/** Throwaway services: each says it is ready once its signal handlers are in place. */
const SCRIPTS = {
  'serve.mjs': `${STAY_UP} console.log('ready');`,
  'ignore-sigterm.mjs': `process.on('SIGTERM', () => console.log('ignoring SIGTERM')); ${STAY_UP} console.log('ready');`,
  'quit.mjs': `process.exit(3);`,
  'quit-later.mjs': `setTimeout(() => process.exit(1), 150);`,
  'say-port.mjs': `${STAY_UP} console.log('port ' + process.env.OPS_PORT);`,
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('ServiceSupervisor', () => {
  let dir: string;
  let lines: string[];
  let sut: ServiceSupervisor | undefined;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'supervisor-spec-'));
    for (const [name, source] of Object.entries(SCRIPTS)) writeFileSync(path.join(dir, name), source);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(() => {
    lines = [];
  });

  afterEach(async () => {
    await sut?.stop();
    sut = undefined;
  });

  function supervise(services: Record<string, keyof typeof SCRIPTS>, options: Partial<SupervisorOptions> = {}): ServiceSupervisor {
    sut = new ServiceSupervisor({
      services: Object.entries(services).map(([name, script]) => ({ name, command: process.execPath, args: [path.join(dir, script)] })),
      cwd: dir,
      env: process.env,
      backoff: { initialMs: 50, maxMs: 400, resetAfterMs: 60_000 },
      graceMs: 300,
      output: (line) => lines.push(line),
      ...options,
    });
    sut.start();
    return sut;
  }

  const waitForLine = (what: string, matches: (line: string) => boolean, count = 1) =>
    waitUntil(what, async () => lines.filter(matches), (found) => found.length >= count);

  const supervisorLines = () => lines.filter((line) => line.startsWith('[supervisor] '));

  it("gives each service its own env on top of the supervisor's", async () => {
    sut = new ServiceSupervisor({
      services: [4701, 4702].map((port, index) => ({ name: `s${index}`, command: process.execPath, args: [path.join(dir, 'say-port.mjs')], env: { OPS_PORT: String(port) } })),
      cwd: dir,
      env: { ...process.env, OPS_PORT: '1' },
      output: (line) => lines.push(line),
    });
    sut.start();
    await waitForLine('both ports said', (line) => line.includes('] port '), 2);
    expect(lines.filter((line) => line.includes('] port ')).sort()).toEqual(['[s0] port 4701', '[s1] port 4702']);
  });

  it('restarts a service killed with SIGKILL and leaves the others running', async () => {
    const sut = supervise({ api: 'serve.mjs', worker: 'serve.mjs' });
    await waitForLine('both ready', (line) => line.endsWith('] ready'), 2);
    const [api, worker] = [sut.pid('api')!, sut.pid('worker')!];

    process.kill(api, 'SIGKILL');

    const restarted = await waitUntil('api restarted', async () => sut.pid('api'), (pid) => pid !== undefined && pid !== api);
    await waitForLine('the new api ready', (line) => line === '[api] ready', 2);
    expect(alive(api)).toBe(false);
    expect(alive(restarted!)).toBe(true);
    expect(sut.pid('worker')).toBe(worker);
    expect(alive(worker)).toBe(true);
    expect(supervisorLines()).toEqual([
      '[supervisor] api exited (SIGKILL); restarting in 0.05 s (restart 1)',
      `[supervisor] api restarted (restart 1, pid ${restarted})`,
    ]);
  });

  it('doubles the delay on each quick exit up to the cap', async () => {
    supervise({ flaky: 'quit.mjs' }, { backoff: { initialMs: 20, maxMs: 80, resetAfterMs: 60_000 } });

    const exits = await waitForLine('five exits', (line) => line.startsWith('[supervisor] flaky exited'), 5);

    expect(exits.slice(0, 5)).toEqual([
      '[supervisor] flaky exited (code 3); restarting in 0.02 s (restart 1)',
      '[supervisor] flaky exited (code 3); restarting in 0.04 s (restart 2)',
      '[supervisor] flaky exited (code 3); restarting in 0.08 s (restart 3)',
      '[supervisor] flaky exited (code 3); restarting in 0.08 s (restart 4)',
      '[supervisor] flaky exited (code 3); restarting in 0.08 s (restart 5)',
    ]);
  });

  it('starts the delay over for a service that stayed up past resetAfterMs', async () => {
    supervise({ steady: 'quit-later.mjs' }, { backoff: { initialMs: 20, maxMs: 80, resetAfterMs: 100 } });

    const exits = await waitForLine('three exits', (line) => line.startsWith('[supervisor] steady exited'), 3);

    expect(exits.slice(0, 3)).toEqual([
      '[supervisor] steady exited (code 1); restarting in 0.02 s (restart 1)',
      '[supervisor] steady exited (code 1); restarting in 0.02 s (restart 2)',
      '[supervisor] steady exited (code 1); restarting in 0.02 s (restart 3)',
    ]);
  });

  it('stops every service, SIGKILLs one that ignores SIGTERM after the grace period, and restarts none', async () => {
    const sut = supervise(
      { api: 'serve.mjs', stubborn: 'ignore-sigterm.mjs', flaky: 'quit.mjs' },
      { backoff: { initialMs: 1000, maxMs: 1000, resetAfterMs: 60_000 } },
    );
    await waitForLine('api and stubborn ready', (line) => line.endsWith('] ready'), 2);
    await waitForLine('flaky waiting to restart', (line) => line.startsWith('[supervisor] flaky exited'));
    const flakyExitedAt = Date.now();
    const pids = [sut.pid('api')!, sut.pid('stubborn')!];

    const started = Date.now();
    await sut.stop();
    const took = Date.now() - started;
    // Past flaky's restart time: had stop() left that restart scheduled, it would have run by now.
    await new Promise((resolve) => setTimeout(resolve, flakyExitedAt + 1200 - Date.now()));

    expect(pids.map(alive)).toEqual([false, false]);
    expect(['api', 'stubborn', 'flaky'].map((name) => sut.pid(name))).toEqual([undefined, undefined, undefined]);
    expect(took).toBeGreaterThanOrEqual(300);
    expect(lines).toContain('[stubborn] ignoring SIGTERM');
    expect(supervisorLines()).toEqual([
      '[supervisor] flaky exited (code 3); restarting in 1 s (restart 1)',
      '[supervisor] api exited (SIGTERM)',
      '[supervisor] stubborn still running after 0.3 s; sending SIGKILL',
      '[supervisor] stubborn exited (SIGKILL)',
    ]);
  });
});
