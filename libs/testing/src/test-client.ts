import { randomInt } from 'node:crypto';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * An HTTP client as a browser or script would be: it keeps the cookies it is given and sends them
 * back, and it comes from its own IP (X-Forwarded-For, with TRUST_PROXY on) so per-IP limits of
 * one test do not spill into another.
 */
export class TestClient {
  readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string, private readonly defaults: Record<string, string> = {}) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /**
   * The same caller's defaults and cookies from an address of its own: for a test's polling, which
   * watches rather than acts, so it spends neither this caller's per-IP limits nor its own (one
   * address may ask 120 times a minute, which a poll every 50 ms spends in 6 s).
   */
  fromNewAddress(): TestClient {
    return this.copyTo(this.baseUrl);
  }

  /** The same caller, talking to another replica or surface. */
  at(baseUrl: string): TestClient {
    return Object.assign(this.copyTo(baseUrl), { ip: this.ip });
  }

  /** A client with this one's defaults and cookies, at `baseUrl`, from an address of its own. */
  private copyTo(baseUrl: string): TestClient {
    const other = new TestClient(baseUrl, this.defaults);
    for (const [name, value] of this.cookies) other.setCookie(name, value);
    return other;
  }

  get<T = any>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('POST', path, body, headers);
  }

  put<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('PUT', path, body, headers);
  }

  patch<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('PATCH', path, body, headers);
  }

  delete<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('DELETE', path, body, headers);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const response = await this.open(method, path, body, headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /** The response unread, for a body read as it arrives (a stream); cookies it sets are kept all the same. */
  async open(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'x-forwarded-for': this.ip,
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...this.defaults,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const joined = value.join('=');
      if (/max-age=0/i.test(line) || joined === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), joined);
    }
    return response;
  }
}
