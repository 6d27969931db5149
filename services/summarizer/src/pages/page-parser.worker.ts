import type { PageExtract, PageSummary } from '@platform/contracts';
import { PageReader } from './page-reader.js';

/** One page to read, as it crosses to the parser thread (a URL does not survive structured cloning). */
export interface ParseTask {
  body: Uint8Array;
  charset: string | undefined;
  url: string;
  kind: 'summary' | 'extract';
}

/** Runs on a parser thread (page-parser.ts): what 4.11's summary or extract reads from the page. */
export default function parsePage({ body, charset, url, kind }: ParseTask): PageSummary | PageExtract {
  const page = new PageReader({ body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), charset, url: new URL(url) });
  if (kind === 'extract') return { links: page.links(), images: page.images(), meta: page.metaTags() };
  return { title: page.title(), description: page.description(), headings: page.headings(), paragraphs: page.paragraphs(), wordCount: page.wordCount() };
}
