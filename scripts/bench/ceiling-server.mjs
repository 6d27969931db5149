// The ceiling of `npm run bench`: a bare Fastify route in a plain process, nothing else.
// Listens on 127.0.0.1:PORT (0 = any free port) and tells the parent the port over IPC.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const { port } = app.server.address();
if (process.send) process.send({ ready: true, port });
else console.log(`ceiling listening on http://127.0.0.1:${port}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => app.close().finally(() => process.exit(0)));
}
