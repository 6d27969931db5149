/** Whitespace runs as one space, ends trimmed: text as a reader sees it. */
export const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** At most `max` characters (code points, so no emoji is cut in half). */
export const cut = (text: string, max: number): string => Array.from(text).slice(0, max).join('');

/** The first `max` distinct non-empty values, in order. */
export function distinct(values: Iterable<string>, max: number): string[] {
  const kept = new Set<string>();
  for (const value of values) {
    if (kept.size === max) break;
    if (value) kept.add(value);
  }
  return [...kept];
}

/** An absolute http(s) URL for an attribute, resolved against the page; null for anything else (javascript:, data:, mailto:). */
export function absoluteHttpUrl(value: string | undefined, base: URL): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
