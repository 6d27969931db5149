import http from 'node:http';
import https from 'node:https';

export interface JsonPost {
  headers: Record<string, string>;
  /** Already serialized: the caller built it once. */
  body: string;
  /** A caller's overall deadline, which can end the call before its own timeout. */
  signal?: AbortSignal;
}

export interface TextAnswer {
  status: number;
  text: string;
}

/** A call that outlived its own timeout or its caller's signal. */
export class OutboundTimeoutError extends Error {}

export interface KeepAlivePools {
  'http:': http.Agent;
  'https:': https.Agent;
}

/**
 * A connection idle this long is closed by us, before the party closes it (Node's servers after
 * 5 s): a request written on a socket the other side is just closing fails with ECONNRESET. The
 * agent's timeout destroys free sockets only, never one waiting for an answer.
 */
const IDLE_SOCKET_MS = 4000;

/** One pool of reused connections per party and scheme, so a chat does not pay a TCP (and TLS) handshake. */
export function keepAlivePools(): KeepAlivePools {
  const options = { keepAlive: true, timeout: IDLE_SOCKET_MS };
  return { 'http:': new http.Agent(options), 'https:': new https.Agent(options) };
}

/** A POST's answer as it arrives: leaving the body's loop early, or destroying it, closes the connection. */
export interface StreamAnswer {
  status: number;
  body: http.IncomingMessage;
}

/**
 * POST of a JSON body over node:http with a keep-alive pool, the answer read whole as text. Used on
 * the chat path instead of fetch, whose WHATWG streams, request cloning and per-call abort signals
 * cost the AI gateway some 15% of its CPU under load (docs/architecture.md, "Hot path").
 */
export function postJson(url: string, post: JsonPost, pools: KeepAlivePools, timeoutMs: number): Promise<TextAnswer> {
  return sendPost<TextAnswer>(url, post, pools, timeoutMs, (response, finish) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (text += chunk));
    response.on('end', () => finish(null, { status: response.statusCode ?? 0, text }));
    response.on('error', (error) => finish(error));
  });
}

/**
 * The same POST for an answer read as it arrives (server-sent events): resolves once the answer has
 * started, `timeoutMs` bounding only the wait for that; the caller's signal still ends the body
 * later (its reader then fails with OutboundTimeoutError).
 */
export function postForStream(url: string, post: JsonPost, pools: KeepAlivePools, timeoutMs: number): Promise<StreamAnswer> {
  return sendPost<StreamAnswer>(url, post, pools, timeoutMs, (response, finish, target) => {
    finish(null, { status: response.statusCode ?? 0, body: response });
    const signal = post.signal;
    if (!signal) return;
    const onAbort = () => response.destroy(new OutboundTimeoutError(`${target.host}: the caller's deadline ended the answer`));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    response.once('close', () => signal.removeEventListener('abort', onAbort));
  });
}

type Finish<T> = (error: Error | null, answer?: T) => void;

/** Sends the POST; `answered` reads the response and calls `finish` once, which ends the timeout and the caller's signal's hold. */
function sendPost<T>(
  url: string, post: JsonPost, pools: KeepAlivePools, timeoutMs: number, answered: (response: http.IncomingMessage, finish: Finish<T>, target: URL) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? pools['https:'] : pools['http:'];
    const headers = { ...post.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(post.body)) };
    let done = false;
    const finish: Finish<T> = (error, answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      post.signal?.removeEventListener('abort', onAbort);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(answer!);
    };
    const onAbort = () => finish(new OutboundTimeoutError(`${target.host}: the caller's deadline ended the call`));
    const request = transport.request(target, { method: 'POST', headers, agent }, (response) => answered(response, finish, target));
    const timer = setTimeout(() => finish(new OutboundTimeoutError(`${target.host}: no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => finish(error));
    if (post.signal?.aborted) return onAbort();
    post.signal?.addEventListener('abort', onAbort, { once: true });
    request.end(post.body);
  });
}
