/** Extended-services 4.11 and 8, and ours where they give no number (docs/spec-decisions.md). */
export const SUMMARIZER_LIMITS = {
  headings: 20,
  paragraphs: 10,
  links: 50,
  images: 20,
  /** Link text and image alt text, in characters. */
  text: 100,
  /** The whole fetch, every redirect hop included: SUMMARIZER_TIMEOUT_MS's default, and what the edge's timeout is built on. */
  timeoutMs: 10_000,
  /** Ours: bytes of a page read; the rest is not read. */
  bodyBytes: 5 * 1024 * 1024,
  /** Ours: redirects followed before the fetch fails. */
  redirects: 5,
} as const;

export const SUMMARIZER_USER_AGENT = 'Service-WebSummarizer/1.0';
export const SUMMARIZER_VERSION = '1.0.0';
export const SUMMARIZER_SERVICE_NAME = 'web-summarizer';

/** 4.11's accepted content types. */
export const SUMMARIZER_CONTENT_TYPES: readonly string[] = ['text/html', 'application/xhtml+xml'];
