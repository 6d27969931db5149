import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { startSandbox } from './sandbox.js';

const canConnect = async (port: number): Promise<boolean> => {
  const socket = connect(port, '127.0.0.1');
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
};

const occupyPort = async (): Promise<Server> => {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
};

const portOf = (server: Server): number => (server.address() as AddressInfo).port;

describe('startSandbox', () => {
  it('listens on free ports and reports where', async () => {
    const sut = await startSandbox({ httpPort: 0, smtpPort: 0 });
    try {
      expect(sut.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sut.smtpUrl).toBe(`smtp://127.0.0.1:${sut.smtpPort}`);
      expect(sut.botCheckSecret).toBe('sandbox-bot-check-secret');
      expect(sut.payments).toEqual({ apiHost: '127.0.0.1', apiPort: Number(new URL(sut.url).port), protocol: 'http', webhookSecret: 'whsec_sandbox_dev_secret' });
      expect((await fetch(`${sut.url}/mail/messages`)).status).toBe(200);
      expect(await canConnect(sut.smtpPort)).toBe(true);
    } finally {
      await sut.close();
    }
  });

  it('reports a loopback address, not the wildcard, when listening on every interface', async () => {
    const sut = await startSandbox({ host: '0.0.0.0' });
    try {
      expect(sut.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sut.payments.apiHost).toBe('127.0.0.1');
    } finally {
      await sut.close();
    }
  });

  it('releases both ports on close', async () => {
    const sut = await startSandbox();
    const httpPort = Number(new URL(sut.url).port);

    await sut.close();

    expect(await canConnect(httpPort)).toBe(false);
    expect(await canConnect(sut.smtpPort)).toBe(false);
  });

  it('closes promptly while a client holds an SMTP connection open', async () => {
    const sut = await startSandbox();
    const client: Socket = connect(sut.smtpPort, '127.0.0.1');
    await once(client, 'data');
    const started = Date.now();

    await sut.close();

    expect(Date.now() - started).toBeLessThan(2000);
    client.destroy();
  });

  it('rejects with EADDRINUSE when the SMTP port is taken', async () => {
    const squatter = await occupyPort();
    try {
      await expect(startSandbox({ smtpPort: portOf(squatter) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      squatter.close();
    }
  });

  it('rejects with EADDRINUSE when the HTTP port is taken, and closes the SMTP port it opened', async () => {
    const squatter = await occupyPort();
    const spare = await occupyPort();
    const smtpPort = portOf(spare);
    await new Promise((resolve) => spare.close(resolve));
    try {
      await expect(startSandbox({ httpPort: portOf(squatter), smtpPort })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(await canConnect(smtpPort)).toBe(false);
    } finally {
      squatter.close();
    }
  });
});
