import { createServer } from 'node:net';

/** How many ports the OS may offer before one that no other runtime holds is given up on. */
const PORT_TRIES = 20;

/** The operating system's side of finding a port; a test offers ports of its own choosing. */
export class PortProbe {
  /** `port` (0: one the OS picks) bound and let go at once, or null when something holds it. */
  bindable(host: string, port: number): Promise<number | null> {
    return new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen({ host, port, exclusive: true }, () => {
        const bound = (server.address() as { port: number }).port;
        server.close(() => resolve(bound));
      });
    });
  }
}

/**
 * The port wanted if it is free (so a re-created runtime keeps its URL), else one the OS picks; never
 * one of `taken`, the ports other runtimes hold though they may not listen yet.
 */
export async function freePort(host: string, wanted?: number, taken: ReadonlySet<number> = new Set(), probe = new PortProbe()): Promise<number> {
  const kept = wanted && !taken.has(wanted) ? await probe.bindable(host, wanted) : null;
  if (kept) return kept;
  for (let tries = 0; tries < PORT_TRIES; tries++) {
    const port = await probe.bindable(host, 0);
    if (port !== null && !taken.has(port)) return port;
  }
  throw new Error(`No free port on ${host} for a runtime`);
}
