import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentIdParams, MessageIdParams, ok, SendAsAgentDto, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { BusSendService } from './bus-send.service.js';
import { MessagesService } from './messages.service.js';

/** The bus's routes (extended-services 4.2, 5): send signed (no bearer), send as an agent and read a message's state (bearer). */
@Controller()
export class BusHandlers {
  constructor(private readonly bus: BusSendService, private readonly messages: MessagesService) {}

  @MessagePattern(SUBJECTS.bus.send)
  async send(@Payload() envelope: Envelope) {
    return ok(await this.bus.send(envelope.body));
  }

  @MessagePattern(SUBJECTS.bus.sendAsAgent)
  async sendAsAgent(@Payload() envelope: Envelope) {
    const { agentId } = validateAs(AgentIdParams, envelope.params);
    return ok(await this.bus.sendAs(agentId, validateAs(SendAsAgentDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.bus.messageStatus)
  async status(@Payload() envelope: Envelope) {
    return ok(await this.messages.status(validateAs(MessageIdParams, envelope.params).messageId));
  }
}
