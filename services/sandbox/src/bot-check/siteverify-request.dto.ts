export interface SiteverifyRequest {
  secret?: string;
  response?: string;
  remoteip?: string;
}

/**
 * Turnstile answers a malformed request with error codes, not a 400, so a field that is absent
 * or not a non-empty string counts as missing instead of failing validation.
 */
export function readSiteverifyRequest(body: unknown): SiteverifyRequest {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return { secret: text(fields.secret), response: text(fields.response), remoteip: text(fields.remoteip) };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
