import { createHash } from 'node:crypto';
import type { AgentMessageDto } from '@platform/contracts';
import type { AgentBrain } from './agent-brain.js';
import type { BusClient, OutgoingBusMessage } from './bus-client.js';
import { sentEntry } from './bus-outbox.js';
import type { MessageHistory } from './message-history.js';
import type { PendingReplies } from './pending-replies.js';
import { parsePayload, replyPlan, type BusPayload, type ReplyPlan } from './reply-rules.js';

export interface ReplierLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * The reply's messageId, the same on every try and for a redelivered message, and distinct per
 * replying agent (an amplified message is answered by many).
 */
export function replyMessageId(agentId: string, messageId: string): string {
  return `reply-${createHash('sha256').update(`${agentId}\n${messageId}`).digest('hex').slice(0, 40)}`;
}

function instruction(message: AgentMessageDto, plan: ReplyPlan): string {
  return `Agent ${message.from} sent you ${message.action} with ${message.payload}. `
    + `Write the short message that goes with your ${plan.action}${Object.keys(plan.fields).length ? ` (${JSON.stringify(plan.fields)})` : ''}.`;
}

/**
 * Answers the bus messages that ask for it, after their delivery was acknowledged: one at a time,
 * in arrival order, so the replies of one negotiation leave in the order its moves came. A reply
 * the AI layer or the bus refuses is logged and dropped; nothing here can end the process.
 */
export class BusReplier {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly agentId: string,
    private readonly brain: AgentBrain,
    private readonly bus: BusClient,
    private readonly history: MessageHistory,
    private readonly pending: PendingReplies,
    private readonly log: ReplierLog,
  ) {}

  /** Takes a stored message: when it asks for a reply, notes it as pending and queues the reply. */
  async accept(message: AgentMessageDto, payload: BusPayload): Promise<void> {
    const plan = replyPlan(message.action, payload);
    if (!plan) return;
    await this.pending.add(message);
    this.schedule(message, plan);
  }

  /** At boot: queues the replies a previous run of the runtime took but did not finish. */
  async resume(): Promise<void> {
    for (const message of await this.pending.load()) {
      const plan = replyPlan(message.action, parsePayload(message.payload));
      if (plan) this.schedule(message, plan);
      else await this.pending.remove(message.messageId);
    }
  }

  private schedule(message: AgentMessageDto, plan: ReplyPlan): void {
    this.queue = this.queue
      .then(() => this.reply(message, plan))
      .catch((error: unknown) => this.log.warn({ messageId: message.messageId, error: String(error) }, 'Bus reply failed'))
      // A reply cut short by the runtime stopping stays owed, for resume() at the next start.
      .then(() => (this.bus.closed ? undefined : this.pending.remove(message.messageId)))
      .catch((error: unknown) => this.log.warn({ messageId: message.messageId, error: String(error) }, 'Bus reply left pending'));
  }

  private async reply(message: AgentMessageDto, plan: ReplyPlan): Promise<void> {
    const text = (await this.brain.compose(instruction(message, plan))).content;
    const reply: OutgoingBusMessage = {
      messageId: replyMessageId(this.agentId, message.messageId),
      action: plan.action,
      to: message.from,
      payload: JSON.stringify({ ...plan.fields, message: text }),
      replyTo: message.messageId,
    };
    const outcome = await this.bus.send(reply);
    if (!outcome.sent) {
      this.log.warn({ messageId: reply.messageId, replyTo: message.messageId, attempts: outcome.attempts, last: outcome.last }, 'Bus reply not sent');
      return;
    }
    await this.history.append(sentEntry(this.agentId, reply));
    this.log.info({ messageId: reply.messageId, action: reply.action, replyTo: message.messageId, attempts: outcome.attempts }, 'Bus reply sent');
  }
}
