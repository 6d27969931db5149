import { randomUUID } from 'node:crypto';
import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import type { EnvSource } from '@platform/config';
import { EVENTS, LIVE_AGENT_STATUSES, SUBJECTS, type AgentStatus, type AgentStatusReply, type Subject, type WatchTarget } from '@platform/contracts';
import { EventBus } from '@platform/messaging';
import type { FakeRuntime } from './fake-runtime.js';

interface FakeAgent {
  userId: string;
  status: AgentStatus;
  runtime: FakeRuntime;
}

export interface RecordedRequest {
  subject: Subject;
  data: { agentId?: string; state?: string; reason?: string };
  /** /healthz probes the runtime had answered when the request came. */
  healthzHits: number;
}

/**
 * Stands in for the agents service on the subjects the watchdog uses: records every request,
 * moves its agents through the statuses the real one would, and publishes
 * EVENTS.agents.statusChanged through the EventBus on every transition.
 */
export class FakeAgents {
  readonly requests: RecordedRequest[] = [];
  readonly agents = new Map<string, FakeAgent>();
  /** False: requests go unanswered, as while the agents service is down or still booting. */
  answering = true;
  /** What a repair does to the runtime; by default it comes back healthy, as a new process. */
  repairRuntime = healedAsNew;
  /** Called as each request comes, before it is answered: a test can change a runtime at that exact point. */
  onRequest: (request: RecordedRequest) => void = () => undefined;

  private constructor(private readonly nats: NatsConnection, private readonly events: EventBus, private readonly prefix: string) {}

  static async start(env: EnvSource): Promise<FakeAgents> {
    const prefix = env.NATS_PREFIX ?? '';
    const nats = await connect({ servers: env.NATS_URL });
    const events = new EventBus(nats, { natsUrl: env.NATS_URL!, prefix, serviceName: 'fake-agents', requestTimeoutMs: 2000 });
    const fake = new FakeAgents(nats, events, prefix);
    for (const subject of [SUBJECTS.agents.watchTargets, SUBJECTS.agents.healthReport, SUBJECTS.agents.watchdogRepair, SUBJECTS.agents.watchdogFail]) {
      nats.subscribe(`${prefix}${subject}`, { callback: (error, message) => { if (!error) void fake.answer(subject, message); } });
    }
    await nats.flush();
    return fake;
  }

  /** A new agent whose runtime just came up: running, as after provisioning. */
  async provision(runtime: FakeRuntime, agentId: string = randomUUID()): Promise<string> {
    runtime.agentId = agentId;
    this.agents.set(agentId, { userId: `user-${agentId.slice(0, 8)}`, status: 'provisioning', runtime });
    await this.move(agentId, 'running');
    return agentId;
  }

  /** A transition the agents service made on its own (stop, delete, a user's restart). */
  async move(agentId: string, status: AgentStatus, reason?: string): Promise<void> {
    const agent = this.agents.get(agentId)!;
    const previousStatus = agent.status;
    agent.status = status;
    await this.publish(agentId, status, previousStatus, new Date(), reason);
  }

  /** An event that comes late, as a redelivery does: dated `occurredAt`, and the agent here stays as it is. */
  async redeliver(agentId: string, status: AgentStatus, previousStatus: AgentStatus, occurredAt: Date): Promise<void> {
    await this.publish(agentId, status, previousStatus, occurredAt);
  }

  /** Back to the defaults after a test that changed how this stand-in behaves. */
  reset(): void {
    this.repairRuntime = healedAsNew;
    this.onRequest = () => undefined;
    this.answering = true;
  }

  requestsFor(agentId: string, subject?: Subject): RecordedRequest[] {
    return this.requests.filter((request) => request.data.agentId === agentId && (!subject || request.subject === subject));
  }

  async close(): Promise<void> {
    await this.events.onApplicationShutdown();
    await this.nats.drain();
  }

  private async publish(agentId: string, status: AgentStatus, previousStatus: AgentStatus, occurredAt: Date, reason?: string): Promise<void> {
    const agent = this.agents.get(agentId)!;
    await this.events.publish(EVENTS.agents.statusChanged, {
      eventId: randomUUID(),
      agentId,
      userId: agent.userId,
      status,
      previousStatus,
      reason,
      runtimeUrl: ['running', 'degraded', 'repairing'].includes(status) ? agent.runtime.url : undefined,
      occurredAt: occurredAt.toISOString(),
    });
  }

  private async answer(subject: Subject, message: Msg): Promise<void> {
    if (!this.answering) return;
    const packet = message.json<{ id: string; data: RecordedRequest['data'] }>();
    const respond = (response: unknown): void => {
      message.respond(JSON.stringify({ id: packet.id, response, isDisposed: true }));
    };
    if (subject === SUBJECTS.agents.watchTargets) {
      const agents: WatchTarget[] = [...this.agents.entries()]
        .filter(([, agent]) => LIVE_AGENT_STATUSES.includes(agent.status))
        .map(([agentId, agent]) => ({ agentId, userId: agent.userId, status: agent.status, runtimeUrl: agent.runtime.url }));
      return respond({ agents });
    }
    const agentId = packet.data.agentId ?? '';
    const agent = this.agents.get(agentId);
    const request: RecordedRequest = { subject, data: packet.data, healthzHits: agent?.runtime.hits.healthz ?? 0 };
    this.requests.push(request);
    this.onRequest(request);
    // As the real service: a verdict its state machine does not take changes nothing, and the reply says where the agent stands.
    if (!agent || !LIVE_AGENT_STATUSES.includes(agent.status)) return respond({ agentId, status: agent?.status ?? 'deleted' } satisfies AgentStatusReply);
    if (subject === SUBJECTS.agents.healthReport) {
      if (packet.data.state === 'degraded' && agent.status === 'running') await this.move(agentId, 'degraded', packet.data.reason);
      if (packet.data.state === 'healthy' && agent.status === 'degraded') await this.move(agentId, 'running');
    } else if (subject === SUBJECTS.agents.watchdogRepair) {
      await this.move(agentId, 'repairing', packet.data.reason);
      await this.repairRuntime(agent.runtime);
      await this.move(agentId, 'running');
    } else {
      await this.move(agentId, 'error', packet.data.reason);
    }
    const reply: AgentStatusReply = { agentId, status: agent.status };
    respond(reply);
  }
}

async function healedAsNew(runtime: FakeRuntime): Promise<void> {
  runtime.live = 'ok';
  runtime.ready = true;
  if (runtime.listening) runtime.restart();
  else await runtime.up();
}
