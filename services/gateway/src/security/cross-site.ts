type Headers = Record<string, string | string[] | undefined>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated write that the browser says came from another site (CSRF).
 * Sec-Fetch-Site is trusted when present; otherwise Origin is compared with the Host.
 */
export function isCrossSiteWrite(method: string, headers: Headers, trustedOrigins: string[]): boolean {
  if (SAFE_METHODS.has(method)) return false;
  const origin = headers.origin as string | undefined;
  if (origin && trustedOrigins.includes(origin)) return false;
  const site = headers['sec-fetch-site'] as string | undefined;
  if (site) return site === 'cross-site';
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== headers.host;
  } catch {
    return true;
  }
}
