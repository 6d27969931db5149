/** Polls `read` until `done` holds or the time is up, then returns the last value (for effects that follow a reply). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `waitFor` for a step a test cannot go on without: throws naming `what` when the time is up,
 * so the failure says what never happened, and what was read last, instead of tripping on the value later.
 */
export async function waitUntil<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const value = await waitFor(read, done, timeoutMs);
  if (!done(value)) throw new Error(`${what}: not within ${timeoutMs / 1000} s (last read: ${JSON.stringify(value)})`);
  return value;
}
