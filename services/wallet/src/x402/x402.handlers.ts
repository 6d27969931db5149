import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type PayX402Reply } from '@platform/contracts';
import { X402Payer } from './x402-payer.service.js';

/** Service-to-service query: a service that met an x402 challenge asks the agentic wallet to pay it. */
@Controller()
export class X402Handlers {
  constructor(private readonly payer: X402Payer) {}

  @MessagePattern(SUBJECTS.wallet.payX402)
  pay(@Payload() data: unknown): Promise<PayX402Reply> {
    return this.payer.pay(data);
  }
}
