/** What POST /api/summarize reads from a page (extended-services 4.11). */
export interface PageSummary {
  title: string;
  description: string;
  headings: string[];
  paragraphs: string[];
  wordCount: number;
}

/** What POST /api/extract reads from a page: its links, images and og:* and twitter:* meta tags. */
export interface PageExtract {
  links: Array<{ href: string; text: string }>;
  images: Array<{ src: string; alt: string }>;
  meta: Record<string, string>;
}

/** The page as fetched (after redirects) and when. */
interface FetchedAt {
  url: string;
  fetchedAt: string;
}

export interface PageSummaryView extends PageSummary, FetchedAt {}

export interface PageExtractView extends PageExtract, FetchedAt {}

/** GET /health of the summarizer surface. */
export interface SummarizerHealthView {
  status: 'ok';
  service: string;
  version: string;
}
