// The AI chat the benchmarks send through the backend surface (POST /api/ai/chat) as solo-plan callers.
import { clientIp } from './http.mjs';

export const CHAT_MODEL = 'meta-llama/llama-3.3-70b-instruct';

/** A user's monthly quota is spent after some 77k calls: callers take turns among this many ids. */
const USERS = 1024;

export const chatBody = () => JSON.stringify({ messages: [{ role: 'user', content: 'Hello from the benchmark' }], model: CHAT_MODEL, max_tokens: 64 });

/**
 * autocannon's headers and setupRequest for solo callers with the bearer `key`: each request from its
 * own X-Forwarded-For address (the AI route allows 30 per minute per IP; TRUST_PROXY=true) and one of
 * USERS user ids, so the limiter and the quota still run for every request.
 */
export function soloCallers(key) {
  const headers = {
    authorization: `Bearer ${key}`, 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_bench',
    'x-user-id': 'bench-user-0', 'x-agent-id': 'bench-agent', 'content-type': 'application/json',
  };
  let sequence = 0;
  return {
    headers,
    setupRequest: (request) => {
      sequence += 1;
      request.headers = { ...request.headers, 'x-forwarded-for': clientIp(sequence), 'x-user-id': `bench-user-${sequence % USERS}` };
      return request;
    },
  };
}
