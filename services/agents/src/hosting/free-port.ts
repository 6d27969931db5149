import { createServer } from 'node:net';

function bindable(host: string, port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen({ host, port, exclusive: true }, () => {
      const bound = (server.address() as { port: number }).port;
      server.close(() => resolve(bound));
    });
  });
}

/** The port wanted if it is free (so a re-created runtime keeps its URL), else one the OS picks. */
export async function freePort(host: string, wanted?: number): Promise<number> {
  const kept = wanted ? await bindable(host, wanted) : null;
  return kept ?? (await bindable(host, 0))!;
}
