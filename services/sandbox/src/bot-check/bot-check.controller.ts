import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { BotCheckService } from './bot-check.service.js';
import { readSiteverifyRequest } from './siteverify-request.dto.js';
import type { SiteverifyResponse } from './siteverify-response.dto.js';

@Controller('bot-check')
export class BotCheckController {
  constructor(private readonly botCheck: BotCheckService) {}

  /** Stands in for the browser widget solving a challenge. */
  @Post('tokens')
  @HttpCode(200)
  issueToken(): { token: string } {
    return { token: this.botCheck.issueToken() };
  }

  @Post('siteverify')
  @HttpCode(200)
  siteverify(@Body() body: unknown): SiteverifyResponse {
    return this.botCheck.verify(readSiteverifyRequest(body));
  }
}
