import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';

const ARCH: Partial<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' };
const START_TIMEOUT_MS = 15_000;

/** The anvil binary that `@foundry-rs/anvil` installed for this platform (its optional dependency). */
function anvilBinary(): string {
  const arch = ARCH[process.arch];
  if (!arch) throw new Error(`anvil has no build for ${process.arch}`);
  return createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil`);
}

/** One anvil process: a real EVM JSON-RPC node on a free loopback port, its state in memory. */
export class AnvilNode {
  private constructor(readonly chainId: number, readonly url: string, private readonly child: ChildProcess) {}

  static async start(chainId: number): Promise<AnvilNode> {
    const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await listeningUrl(child);
    // Keep reading, or a full pipe would block the node.
    child.stdout!.resume();
    child.stderr!.resume();
    return new AnvilNode(chainId, url, child);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** anvil prints `Listening on 127.0.0.1:<port>` once it accepts requests. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`anvil did not start within ${START_TIMEOUT_MS} ms: ${output}`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`anvil exited with ${code}: ${output}`)));
    child.stdout!.on('data', function onData(chunk: Buffer) {
      output += chunk.toString();
      const match = /Listening on ([\d.]+:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      resolve(`http://${match[1]}`);
    });
  });
}
