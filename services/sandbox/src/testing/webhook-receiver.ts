import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as a signature is computed over them. */
  body: string;
}

/** The platform's webhook endpoint, as a payments test needs it: keeps what arrives, answers `status`. */
export class WebhookReceiver {
  status = 200;
  readonly received: ReceivedWebhook[] = [];
  private taken = 0;
  private waiting: Array<() => void> = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(receiver.status, { 'content-type': 'application/json' }).end('{"received":true}');
        for (const wake of receiver.waiting.splice(0)) wake();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/billing/webhook`;
  }

  /** The first delivery not taken yet, waiting for it if need be: the Stripe API delivers in the background. */
  async next(): Promise<ReceivedWebhook> {
    while (this.received.length <= this.taken) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.received[this.taken++];
  }

  /** Skips what arrived so far, so next() waits for what a test causes after this. */
  skipReceived(): void {
    this.taken = this.received.length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
