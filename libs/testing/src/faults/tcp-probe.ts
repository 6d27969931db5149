import net from 'node:net';

/** Connects to 127.0.0.1:port, writes `send` if given, and resolves with the first data the server answers. */
export function tcpExchange(port: number, send?: string, timeoutMs = 1_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: timeoutMs });
    const finish = (result: () => void) => {
      socket.destroy();
      result();
    };
    socket.setEncoding('utf8');
    socket.once('connect', () => send && socket.write(send));
    socket.once('data', (data: string) => finish(() => resolve(data)));
    socket.once('timeout', () => finish(() => reject(new Error(`no answer on port ${port} within ${timeoutMs} ms`))));
    socket.once('error', (error) => finish(() => reject(error)));
    socket.once('end', () => finish(() => reject(new Error(`port ${port} closed the connection`))));
  });
}

/** The error code a TCP connect to 127.0.0.1:port ends with (ECONNREFUSED when nothing listens), or 'connected'. */
export function connectOutcome(port: number, timeoutMs = 1_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('ETIMEDOUT');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
