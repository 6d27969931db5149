import { Inject, Injectable } from '@nestjs/common';
import {
  SUMMARIZER_SERVICE_NAME, SUMMARIZER_VERSION, type PageExtractView, type PageSummaryView, type SummarizerHealthView,
} from '@platform/contracts';
import { PageFetcher, targetUrl } from './pages/page-fetcher.js';
import { PageParser } from './pages/page-parser.js';
import type { SummarizerEnv } from './summarizer.env.js';
import { SUMMARIZER_ENV } from './summarizer.tokens.js';

/** The web summarizer of extended-services 4.11. */
@Injectable()
export class SummarizerService {
  constructor(
    @Inject(SUMMARIZER_ENV) private readonly env: SummarizerEnv,
    private readonly fetcher: PageFetcher,
    private readonly parser: PageParser,
  ) {}

  info() {
    return {
      service: SUMMARIZER_SERVICE_NAME,
      description: 'Fetches a web page and returns its summary (title, description, headings, paragraphs, word count) or what it links to (links, images, meta tags).',
      endpoints: {
        'GET /': 'This description',
        'GET /health': 'Service health',
        'POST /api/summarize': 'Body { url }: title, description, headings, paragraphs, wordCount',
        'POST /api/extract': 'Body { url }: links, images, og:* and twitter:* meta tags',
      },
      payment: {
        network: this.env.SUMMARIZER_PAYMENT_NETWORK,
        currency: 'USDC',
        payTo: this.env.SUMMARIZER_PAY_TO || null,
        note: 'Free at present: no payment is asked for.',
      },
    };
  }

  health(): SummarizerHealthView {
    return { status: 'ok', service: SUMMARIZER_SERVICE_NAME, version: SUMMARIZER_VERSION };
  }

  async summarize(url: string): Promise<PageSummaryView> {
    const summary = await this.parser.summary(await this.fetcher.fetch(url));
    return { url: targetUrl(url).href, ...summary, fetchedAt: new Date().toISOString() };
  }

  async extract(url: string): Promise<PageExtractView> {
    const extract = await this.parser.extract(await this.fetcher.fetch(url));
    return { url: targetUrl(url).href, ...extract, fetchedAt: new Date().toISOString() };
  }
}
