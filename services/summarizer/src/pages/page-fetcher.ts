import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError, SUMMARIZER_CONTENT_TYPES, SUMMARIZER_LIMITS, SUMMARIZER_MESSAGES as M, SUMMARIZER_USER_AGENT,
} from '@platform/contracts';
import { guardedAgents, publicGet, PublicGetError, type GuardedAgents } from '@platform/http';
import { MIMEType } from 'node:util';
import type { SummarizerEnv } from '../summarizer.env.js';
import { SUMMARIZER_ENV } from '../summarizer.tokens.js';

export interface FetchedPage {
  /** The page's bytes, at most SUMMARIZER_LIMITS.bodyBytes: a longer page is cut there. */
  body: Buffer;
  /** The Content-Type header's charset, if any; the parser sniffs a <meta> charset otherwise. */
  charset: string | undefined;
  /** Where the page was found, after redirects: relative links resolve against it. */
  url: URL;
}

/** How a URL is refused (400) or failed (500, with the reason as `message`, 4.11's "message carries that status"). */
const refused = () => new ApiError(400, M.refused);
const failed = (message: string) => new ApiError(500, M.fetchFailed, { message });

/** An absolute http(s) URL, or 400: other schemes (file:, gopher:, data:) are never fetched. */
export function targetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(400, M.urlInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError(400, M.urlInvalid);
  return url;
}

/**
 * Fetches a page for the summarizer (4.11) through libs/http's publicGet: its User-Agent, one 10 s
 * deadline over every hop, redirects followed and each hop a new guarded connection (the SSRF
 * guard), only a 2xx HTML answer read, and a longer page cut at the cap.
 */
@Injectable()
export class PageFetcher {
  private readonly agents: GuardedAgents;

  constructor(@Inject(SUMMARIZER_ENV) private readonly env: SummarizerEnv) {
    const allowedHosts = env.SUMMARIZER_ALLOWED_HOSTS.split(',').map((host) => host.trim()).filter(Boolean);
    this.agents = guardedAgents({ allowedHosts });
  }

  async fetch(raw: string): Promise<FetchedPage> {
    let charset: string | undefined;
    try {
      const page = await publicGet(targetUrl(raw), {
        agents: this.agents,
        timeoutMs: this.env.SUMMARIZER_TIMEOUT_MS,
        maxBytes: SUMMARIZER_LIMITS.bodyBytes,
        overflow: 'truncate',
        maxRedirects: SUMMARIZER_LIMITS.redirects,
        headers: { 'user-agent': SUMMARIZER_USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
        inspect: ({ status, contentType }) => {
          if (status < 200 || status >= 300) throw failed(`the page answered HTTP ${status}`);
          const type = mimeType(contentType);
          if (!type || !SUMMARIZER_CONTENT_TYPES.includes(type.essence)) throw failed(`content type ${type?.essence ?? 'none'} is not HTML`);
          charset = type.params.get('charset') ?? undefined;
        },
      });
      return { body: page.body, charset, url: page.url };
    } catch (error) {
      throw failure(error, this.env.SUMMARIZER_TIMEOUT_MS);
    }
  }
}

function mimeType(header: string | undefined): MIMEType | null {
  try {
    return header ? new MIMEType(header) : null;
  } catch {
    return null;
  }
}

/** A failed fetch as the caller sees it: refused and unresolvable targets are theirs (400), the rest ours (500). */
function failure(error: unknown, timeoutMs: number): ApiError {
  if (error instanceof ApiError) return error;
  if (!(error instanceof PublicGetError)) return failed('the page could not be fetched');
  switch (error.reason) {
    // Only a redirect can lead to another scheme: the first URL was checked by targetUrl.
    case 'scheme':
    case 'refused':
      return refused();
    case 'unresolvable':
      return new ApiError(400, M.unresolvable);
    case 'timeout':
      return failed(`no answer within ${timeoutMs} ms`);
    case 'redirects':
    case 'tooLarge':
      return failed(error.message);
  }
}
