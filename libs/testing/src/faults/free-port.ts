import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';

const LOWEST = 10_000;

/** Where the range begins that the kernel takes source ports of outgoing connections from. */
function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** On every address: a port taken on any one of them (a container published on all) is not free. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on, for a server to keep across kills or a container to publish. Not port 0's pick: that comes from
 * the ephemeral range, where, while the server is down, any outgoing connection (load makes
 * thousands) may take it as its source port, and the restart would find it in use.
 */
export async function freePort(): Promise<number> {
  const end = Math.max(ephemeralRangeStart(), LOWEST + 1_000);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = randomInt(LOWEST, end);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${end} after 50 tries`);
}
