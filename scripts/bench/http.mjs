// HTTP and polling helpers shared by `npm run bench` and its scenarios.

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The n-th client's X-Forwarded-For address: per-IP limits (30 AI calls a minute) then count each request apart. */
export const clientIp = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** `service-session=<token>` from a login answer's Set-Cookie headers, or undefined. */
export function sessionCookieFrom(headers) {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    if (pair.slice(0, at).trim() === 'service-session' && pair.slice(at + 1)) return `service-session=${pair.slice(at + 1)}`;
  }
  return undefined;
}

/** One request with an optional JSON body; json is the parsed answer, undefined when it is not JSON. */
export async function call(method, url, { body, headers = {}, timeoutMs = 15_000 } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  return { status: response.status, headers: response.headers, text, json };
}

/**
 * Polls check() until it returns true; fails early when one of services (startNode handles) has
 * exited, with services on the error so the caller can print what they wrote.
 */
export async function waitUntil(what, check, services, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    const dead = services.find((service) => service.exited);
    if (dead) throw Object.assign(new Error(`${dead.name} exited (${dead.exited.code ?? dead.exited.signal}) while waiting for ${what}`), { services });
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await sleep(250);
  }
  throw Object.assign(new Error(`${what} not ready within ${timeoutMs / 1000} s${lastError ? ` (last error: ${lastError})` : ''}`), { services });
}

/** Registers and signs in `email` from client address `ip` on the web surface: `{ id, cookie }`. */
export async function signedInUser(web, { email, password, ip }) {
  const headers = { 'x-forwarded-for': ip };
  const registered = await call('POST', `${web}/api/register`, { body: { email, password }, headers });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text.slice(0, 200)}`);
  const cookie = sessionCookieFrom((await call('POST', `${web}/api/auth/login`, { body: { email, password }, headers })).headers);
  if (!cookie) throw new Error(`no session for ${email}`);
  return { id: registered.json.id, cookie };
}
