import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  ApiError, SUMMARIZER_CONTENT_TYPES, SUMMARIZER_LIMITS, SUMMARIZER_MESSAGES as M, SUMMARIZER_USER_AGENT,
} from '@platform/contracts';
import { guardedAgents, RefusedAddressError, systemResolver, type GuardedAgents, type HostResolver } from '@platform/http';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { MIMEType } from 'node:util';
import type { SummarizerEnv } from '../summarizer.env.js';
import { HOST_RESOLVER, SUMMARIZER_ENV } from '../summarizer.tokens.js';

export interface FetchedPage {
  /** The page's bytes, at most SUMMARIZER_LIMITS.bodyBytes: a longer page is cut there. */
  body: Buffer;
  /** The Content-Type header's charset, if any; the parser sniffs a <meta> charset otherwise. */
  charset: string | undefined;
  /** Where the page was found, after redirects: relative links resolve against it. */
  url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** How a URL is refused (400) or failed (500, with the reason as `message`, 4.11's "message carries that status"). */
const refused = () => new ApiError(400, M.refused);
const failed = (message: string) => new ApiError(500, M.fetchFailed, { message });

/** An absolute http(s) URL, or 400: other schemes (file:, gopher:, data:) are never fetched. */
export function targetUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new ApiError(400, M.urlInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw base ? refused() : new ApiError(400, M.urlInvalid);
  return url;
}

/**
 * Fetches a page for the summarizer (4.11): its User-Agent, one 10 s deadline over every hop,
 * redirects followed and each hop a new guarded connection (libs/http's SSRF guard), HTML only,
 * the body read up to the cap.
 */
@Injectable()
export class PageFetcher {
  private readonly agents: GuardedAgents;

  constructor(@Inject(SUMMARIZER_ENV) private readonly env: SummarizerEnv, @Optional() @Inject(HOST_RESOLVER) resolver: HostResolver = systemResolver) {
    const allowedHosts = env.SUMMARIZER_ALLOWED_HOSTS.split(',').map((host) => host.trim()).filter(Boolean);
    this.agents = guardedAgents({ allowedHosts, resolver });
  }

  async fetch(raw: string): Promise<FetchedPage> {
    const deadline = AbortSignal.timeout(this.env.SUMMARIZER_TIMEOUT_MS);
    let url = targetUrl(raw);
    for (let hops = 0; ; hops += 1) {
      const response = await this.get(url, deadline);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hops === SUMMARIZER_LIMITS.redirects) throw failed(`more than ${SUMMARIZER_LIMITS.redirects} redirects`);
        url = targetUrl(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw failed(`the page answered HTTP ${status}`);
      }
      const type = mimeType(response.headers['content-type']);
      if (!type || !SUMMARIZER_CONTENT_TYPES.includes(type.essence)) {
        response.destroy();
        throw failed(`content type ${type?.essence ?? 'none'} is not HTML`);
      }
      return { body: await this.read(response, deadline), charset: type.params.get('charset') ?? undefined, url };
    }
  }

  private get(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.get(url, {
        agent: this.agents[url.protocol as keyof GuardedAgents],
        headers: { 'user-agent': SUMMARIZER_USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
        signal,
      }, resolve);
      request.on('error', (error) => reject(failure(error, signal, this.env.SUMMARIZER_TIMEOUT_MS)));
    });
  }

  /** The body up to the cap: past it the connection is closed and the page is what was read. */
  private read(response: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => resolve(Buffer.concat(chunks, Math.min(size, SUMMARIZER_LIMITS.bodyBytes)));
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= SUMMARIZER_LIMITS.bodyBytes) {
          response.removeAllListeners('error');
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', (error) => reject(failure(error, signal, this.env.SUMMARIZER_TIMEOUT_MS)));
    });
  }
}

function mimeType(header: string | undefined): MIMEType | null {
  try {
    return header ? new MIMEType(header) : null;
  } catch {
    return null;
  }
}

/** A failed connection or read as the caller sees it: refused and unresolvable targets are theirs (400), the rest ours (500). */
function failure(error: Error, signal: AbortSignal, timeoutMs: number): ApiError {
  if (error instanceof RefusedAddressError) return refused();
  if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') return new ApiError(400, M.unresolvable);
  if (signal.aborted) return failed(`no answer within ${timeoutMs} ms`);
  return failed('the page could not be fetched');
}
