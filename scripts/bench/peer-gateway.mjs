// The peer the AI benchmarks measure our gateway against: Portkey's open-source gateway (the
// @portkey-ai/gateway devDependency), sending calls on to the sandbox's aggregator as an
// OpenAI-compatible host of its own.
import path from 'node:path';
import { ROOT } from '../lib.mjs';
import { call, waitUntil } from './http.mjs';
import { profileArgs, startNode } from './processes.mjs';

export const PEER_NAME = 'peer (portkey)';
const ENTRY = path.join(ROOT, 'node_modules', '@portkey-ai', 'gateway', 'build', 'start-server.js');

const STREAM_FIX = path.join(import.meta.dirname, 'peer-stream-fix.mjs');

/**
 * Starts the peer on `port`. Returns its process, its chat completions URL, the headers that send a
 * call there on to `sandboxUrl`'s aggregator, and a wait until it answers. `streams`: it is to relay
 * streamed answers, which it needs peer-stream-fix.mjs for (whole answers do not).
 */
export function startPeerGateway(port, sandboxUrl, { streams = false } = {}) {
  const nodeArgs = [...profileArgs('peer'), ...(streams ? ['--import', STREAM_FIX] : [])];
  // --headless: no log console UI; NODE_ENV=production: no request log kept for it either.
  const handle = startNode(PEER_NAME, ENTRY, { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, args: [`--port=${port}`, '--headless'], nodeArgs });
  const base = `http://127.0.0.1:${port}`;
  return {
    handle,
    url: `${base}/v1/chat/completions`,
    // Portkey's own way to reach an OpenAI-compatible host it does not know: provider openai, custom host.
    headers: {
      authorization: 'Bearer sandbox-key', 'x-portkey-provider': 'openai',
      'x-portkey-custom-host': `${sandboxUrl}/openrouter/api/v1`, 'content-type': 'application/json',
    },
    ready: (services) => waitUntil('the peer gateway', async () => (await call('GET', `${base}/`)).status < 500, services, 30_000),
  };
}
