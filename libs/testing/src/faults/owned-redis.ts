import { executable } from './executables.js';
import { startChildServer, type OwnedServer } from './owned-server.js';
import { tcpExchange } from './tcp-probe.js';

/**
 * redis-server persisting every write to its append-only file before it answers, as a production
 * queue would be configured, so BullMQ jobs queued before a kill are there after the restart.
 */
export function startOwnedRedis(): Promise<OwnedServer> {
  return startChildServer('redis', (port, dir) => ({
    url: `redis://127.0.0.1:${port}`,
    command: executable('redis-server'),
    args: [
      '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--daemonize', 'no',
      '--appendonly', 'yes', '--appendfsync', 'always', '--save', '',
    ],
    // While it loads the append-only file Redis answers -LOADING, not +PONG.
    ready: async () => {
      if (!(await tcpExchange(port, 'PING\r\n')).startsWith('+PONG')) throw new Error('no PONG');
    },
  }));
}
