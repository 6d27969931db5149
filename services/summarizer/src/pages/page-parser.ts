import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { PageExtract, PageSummary } from '@platform/contracts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { SummarizerEnv } from '../summarizer.env.js';
import { SUMMARIZER_ENV } from '../summarizer.tokens.js';
import type { FetchedPage } from './page-fetcher.js';
import type { ParseTask } from './page-parser.worker.js';

/**
 * Built, the worker is JavaScript beside this file. Run from source (tests, a service started through
 * the repository's TypeScript loader), it is TypeScript, loaded by its thread through that loader.
 */
function workerFile(): { filename: string; execArgv?: string[] } {
  const built = new URL('./page-parser.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { filename: built.href };
  return {
    filename: new URL('./page-parser.worker.ts', import.meta.url).href,
    execArgv: ['--import', new URL('../../../../libs/testing/ts-loader.mjs', import.meta.url).href],
  };
}

/**
 * Parses fetched pages on worker threads. A 5 MB page keeps htmlparser2 and cheerio busy for seconds,
 * which on the service's own thread would stall every other request and the progress reports that
 * keep the gateway waiting (it answers 503 after 3 s of silence).
 */
@Injectable()
export class PageParser implements OnModuleDestroy {
  private readonly pool: Piscina<ParseTask, PageSummary | PageExtract>;

  constructor(@Inject(SUMMARIZER_ENV) env: SummarizerEnv) {
    // One thread from the start: the first page does not wait for a thread to load cheerio.
    this.pool = new Piscina({ ...workerFile(), minThreads: 1, maxThreads: env.SUMMARIZER_PARSE_THREADS });
  }

  async summary(page: FetchedPage): Promise<PageSummary> {
    return await this.pool.run(task(page, 'summary')) as PageSummary;
  }

  async extract(page: FetchedPage): Promise<PageExtract> {
    return await this.pool.run(task(page, 'extract')) as PageExtract;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

const task = ({ body, charset, url }: FetchedPage, kind: ParseTask['kind']): ParseTask => ({ body, charset, url: url.href, kind });
