import { executable } from './executables.js';
import { startChildServer, type OwnedServer } from './owned-server.js';
import { tcpExchange } from './tcp-probe.js';

/** nats-server with JetStream, its store in a temp dir that a kill leaves in place for the next start. */
export function startOwnedNats(): Promise<OwnedServer> {
  return startChildServer('nats', (port, dir) => ({
    url: `nats://127.0.0.1:${port}`,
    command: executable('nats-server'),
    args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir],
    // The server greets with INFO only once JetStream has recovered its streams.
    ready: async () => {
      if (!(await tcpExchange(port)).startsWith('INFO')) throw new Error('no INFO greeting');
    },
  }));
}
