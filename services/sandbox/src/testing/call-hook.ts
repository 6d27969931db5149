/** A sandbox hook called as a script calls it: POST unless told, a JSON body when there is one. */
export function callHook(baseUrl: string, path: string, method = 'POST', body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
