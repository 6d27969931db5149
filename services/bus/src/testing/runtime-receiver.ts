import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RUNTIME_PATHS, type AgentMessageDto } from '@platform/contracts';

export interface Received {
  message: AgentMessageDto;
  authorization: string | undefined;
}

/**
 * Stands in for agent runtimes' bus webhooks in bus tests: agent X's runtime is `url(X)`. An agent
 * taken down answers 503 until brought up again. (Real runtimes are tested end to end elsewhere.)
 */
export class RuntimeReceiver {
  private readonly inbox = new Map<string, Received[]>();
  private readonly downAgents = new Set<string>();

  private constructor(private readonly server: Server, private readonly base: string) {}

  static async start(): Promise<RuntimeReceiver> {
    let receiver: RuntimeReceiver | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = receiver!.take(request.url ?? '', request.headers.authorization, Buffer.concat(chunks).toString());
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(status === 200 ? { received: true } : { error: 'down' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new RuntimeReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return receiver;
  }

  url(agentId: string): string {
    return `${this.base}/agents/${agentId}`;
  }

  received(agentId: string): Received[] {
    return this.inbox.get(agentId) ?? [];
  }

  down(agentId: string): void {
    this.downAgents.add(agentId);
  }

  up(agentId: string): void {
    this.downAgents.delete(agentId);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private take(path: string, authorization: string | undefined, body: string): number {
    const match = new RegExp(`^/agents/([^/]+)${RUNTIME_PATHS.busMessages}$`).exec(path);
    if (!match) return 404;
    const agentId = match[1]!;
    if (this.downAgents.has(agentId)) return 503;
    this.inbox.set(agentId, [...this.received(agentId), { message: JSON.parse(body) as AgentMessageDto, authorization }]);
    return 200;
  }
}
