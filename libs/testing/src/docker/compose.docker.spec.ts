import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { freePort } from '../faults/free-port.js';
import { PaymentsSandbox } from '../payments-sandbox.js';
import { TestClient } from '../test-client.js';
import { waitUntil } from '../wait-for.js';
import { ComposeProject } from './compose-project.js';

/** The images compose runs: the environment's (the docker phase of `npm test`), else scripts/images.mjs makes them. */
function images(): Record<string, string> {
  const variables = ['POSTGRES_IMAGE', 'REDIS_IMAGE', 'NATS_IMAGE', 'NODE_IMAGE', 'PLATFORM_IMAGE'];
  if (variables.every((variable) => process.env[variable])) return Object.fromEntries(variables.map((variable) => [variable, process.env[variable]!]));
  const made = spawnSync(process.execPath, ['scripts/images.mjs'], { cwd: new URL('../../../..', import.meta.url).pathname, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (made.status !== 0) throw new Error('scripts/images.mjs failed');
  return Object.fromEntries([...made.stdout.matchAll(/^export (\w+)=(\S+)$/gm)].map(([, variable, image]) => [variable!, image!]));
}

/**
 * The whole platform as docker-compose.yml runs it, from deploy/Dockerfile's image: every service
 * of services/ (agent runtimes aside, which the agents service spawns) plus the sandbox for third
 * parties, on ports of its own next to the machine's daemons. A person's first minutes through the
 * published gateway: register, sign in, pay for a plan at the processor, chat.
 */
describe('docker-compose.yml', () => {
  const ports: Record<string, number> = {};
  let project: ComposeProject;
  let web: TestClient;
  let payments: PaymentsSandbox;

  beforeAll(async () => {
    for (const variable of ['POSTGRES_PORT', 'REDIS_PORT', 'NATS_PORT', 'WEB_PORT', 'BACKEND_PORT', 'SUMMARIZER_PORT', 'SANDBOX_PORT', 'SANDBOX_SMTP_PORT']) {
      ports[variable] = await freePort();
    }
    project = new ComposeProject(`platform-smoke-${process.pid}`, {
      ...images(),
      ...Object.fromEntries(Object.entries(ports).map(([variable, port]) => [variable, String(port)])),
    });
    web = new TestClient(`http://127.0.0.1:${ports.WEB_PORT}`);
    payments = new PaymentsSandbox(`http://127.0.0.1:${ports.SANDBOX_PORT}`);
    try {
      project.up();
      // Every service's healthcheck (/readyz on its ops port); the one-shot migration has exited by now.
      const pending = (health: Record<string, string>) => Object.entries(health).filter(([service, status]) => service !== 'migrate' && status !== 'healthy');
      // A second between looks: each is two docker CLI processes, on the cores the services boot on.
      const health = async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return project.health();
      };
      await waitUntil('every service healthy', health, (health) => Object.keys(health).length > 1 && pending(health).length === 0, 240_000)
        .catch((error: Error) => { throw new Error(`${error.message}: ${JSON.stringify(Object.fromEntries(pending(project.health())))}`); });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- compose logs ---\n${project.logs()}`);
    }
  }, 300_000);

  afterAll(() => {
    project?.down();
  }, 200_000);

  it('runs every service of services/ healthy, the agent runtime aside (the agents service starts those)', () => {
    const services = readdirSync(new URL('../../../../services', import.meta.url)).filter((name) => name !== 'agent-runtime');

    const health = project.health();

    expect(Object.fromEntries(services.map((service) => [service, health[service]]))).toEqual(Object.fromEntries(services.map((service) => [service, 'healthy'])));
  });

  it('registers, signs in, buys a plan and chats through the published gateway', async () => {
    const email = `compose-${Date.now()}@example.com`;
    const password = 'correct horse battery';

    const registered = await web.post('/api/register', { email, password });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ id: expect.any(String), email });
    const login = await web.post('/api/auth/login', { email, password });
    expect(login.status).toBe(200);

    const checkout = await web.get('/api/billing-provider/checkout?plan=solo');
    expect(checkout.status).toBe(303);
    const paid = await payments.complete(checkout.headers.get('location')!);
    expect(paid).toMatchObject({ delivered: 200, subscriptionId: expect.any(String) });
    await waitUntil('the plan on GET /api/user', async () => (await web.get('/api/user')).body?.user, (user) => user?.plan === 'solo', 30_000);
    expect((await web.post('/api/auth/login', { email, password })).status).toBe(200);

    const chat = await web.post('/api/chat', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello from compose' }] });

    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({ model: 'openai/gpt-4o-mini', message: { role: 'assistant', content: expect.stringContaining('Hello from compose') } });
  });
});
