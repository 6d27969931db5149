import { Module, type DynamicModule } from '@nestjs/common';
import { MessagingModule } from '@platform/messaging';
import { PageFetcher } from './pages/page-fetcher.js';
import { PageParser } from './pages/page-parser.js';
import type { SummarizerEnv } from './summarizer.env.js';
import { SummarizerHandlers } from './summarizer.handlers.js';
import { SummarizerService } from './summarizer.service.js';
import { SUMMARIZER_ENV } from './summarizer.tokens.js';

export const SUMMARIZER_SERVICE = 'summarizer';

@Module({})
export class SummarizerModule {
  static forRoot(env: SummarizerEnv): DynamicModule {
    return {
      module: SummarizerModule,
      imports: [MessagingModule.forService(SUMMARIZER_SERVICE, env)],
      controllers: [SummarizerHandlers],
      providers: [{ provide: SUMMARIZER_ENV, useValue: env }, PageFetcher, PageParser, SummarizerService],
    };
  }
}
