/** Calls one of the sandbox's HTTP hooks (docs/sandbox.md); its JSON answer, or an error naming the hook and what it said. */
export async function sandboxHook<T = unknown>(sandboxUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
