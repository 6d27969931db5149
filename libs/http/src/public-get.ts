import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { RefusedAddressError, type GuardedAgents } from './guarded-agents.js';

export interface PublicGetOptions {
  /** guardedAgents(): every connection, every redirect hop's too, checked as it is made. */
  agents: GuardedAgents;
  /** One deadline over every hop and the whole body. */
  timeoutMs: number;
  maxBytes: number;
  /**
   * What a longer body does: `fail` the call (the default: a truncated image or file is no use) or
   * `truncate`, the body being what was read up to `maxBytes` (a page's text is still a page).
   */
  overflow?: 'fail' | 'truncate';
  maxRedirects: number;
  headers?: Record<string, string>;
  /** Sees the final answer's status and headers before its body is read; what it throws ends the call there. */
  inspect?: (answer: Omit<PublicGetAnswer, 'body'>) => void;
}

export interface PublicGetAnswer {
  /** Where the body came from, after redirects. */
  url: URL;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

/**
 * `refused`: the SSRF guard refused a hop's address; `unresolvable`: a hop's host name does not
 * resolve. A caller answers each its own way, none of them by reading the connection's errors.
 */
export type PublicGetFailure = 'scheme' | 'refused' | 'unresolvable' | 'redirects' | 'tooLarge' | 'timeout';

/** Why publicGet gave up, unless the connection failed otherwise (reset, refused by the port...). */
export class PublicGetError extends Error {
  constructor(readonly reason: PublicGetFailure, message: string) {
    super(message);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function httpUrl(raw: string | URL, base?: URL): URL {
  const url = new URL(raw, base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PublicGetError('scheme', `${url.protocol} URLs are not fetched`);
  return url;
}

/**
 * GET of a URL a user gave (ARCHITECTURE.md, Third parties: the SSRF guard): http(s) only,
 * redirects followed to at most `maxRedirects` hops, each a new guarded connection, the body read
 * whole up to `maxBytes`, all within one deadline. Any status is answered; the caller judges it.
 */
export async function publicGet(raw: string | URL, options: PublicGetOptions): Promise<PublicGetAnswer> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = httpUrl(raw);
  for (let hops = 0; ; hops += 1) {
    const response = await get(url, options, deadline);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (hops === options.maxRedirects) throw new PublicGetError('redirects', `more than ${options.maxRedirects} redirects`);
      url = httpUrl(location, url);
      continue;
    }
    const head = { url, status: response.statusCode ?? 0, contentType: response.headers['content-type'] };
    try {
      options.inspect?.(head);
    } catch (error) {
      response.destroy();
      throw error;
    }
    return { ...head, body: await read(response, options, deadline) };
  }
}

function get(url: URL, options: PublicGetOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.get(url, { agent: options.agents[url.protocol as keyof GuardedAgents], headers: options.headers, signal }, resolve);
    request.on('error', (error) => reject(timedOut(signal, options.timeoutMs) ?? connectFailure(url, error)));
  });
}

function connectFailure(url: URL, error: Error): Error {
  if (error instanceof RefusedAddressError) return new PublicGetError('refused', error.message);
  if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') return new PublicGetError('unresolvable', `${url.hostname} does not resolve`);
  return error;
}

function read(response: IncomingMessage, { maxBytes, timeoutMs, overflow = 'fail' }: PublicGetOptions, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes && overflow === 'fail') {
    response.destroy();
    return Promise.reject(new PublicGetError('tooLarge', `the body is ${declared} bytes, more than ${maxBytes}`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= maxBytes) return;
      if (overflow === 'fail') return void response.destroy(new PublicGetError('tooLarge', `the body is more than ${maxBytes} bytes`));
      response.removeAllListeners('error');
      response.destroy();
      resolve(Buffer.concat(chunks, maxBytes));
    });
    response.on('end', () => resolve(Buffer.concat(chunks, Math.min(size, maxBytes))));
    response.on('error', (error) => reject(error instanceof PublicGetError ? error : (timedOut(signal, timeoutMs) ?? error)));
  });
}

function timedOut(signal: AbortSignal, timeoutMs: number): PublicGetError | undefined {
  return signal.aborted ? new PublicGetError('timeout', `no whole answer within ${timeoutMs} ms`) : undefined;
}
