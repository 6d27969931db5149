import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent as is: no normalisation of `..`, no re-encoding (fetch would do both). */
  path: string;
  headers: Record<string, string | string[]>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One HTTP exchange on a fresh connection, byte for byte what the caller asked for. */
export function rawRequest(baseUrl: string, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: hostname,
      port,
      method: request.method,
      path: request.path,
      // Node frames a GET or DELETE body by nothing unless told its length; the server would read it as the next request.
      headers: request.body === undefined ? request.headers : { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      agent: false,
      timeout: timeoutMs,
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: Buffer.concat(chunks).toString('utf8'),
      }));
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
