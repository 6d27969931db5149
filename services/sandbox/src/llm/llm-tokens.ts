/**
 * The sandbox's token count: every run of word characters is one token and every other
 * non-space character is one more. Not a vendor's BPE tokenizer (those ship megabytes of merge
 * tables), but deterministic, proportional to the text, and the same on every run, which is what
 * quota and usage tests need.
 */
const TOKEN = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;

/** Per message, as the chat-completions protocol counts its role and separators. */
export const MESSAGE_OVERHEAD_TOKENS = 3;

export function countTokens(text: string): number {
  return text.match(TOKEN)?.length ?? 0;
}

/** The text up to and including its first `limit` tokens. */
export function firstTokens(text: string, limit: number): string {
  let end = 0;
  let seen = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (seen === limit) break;
    seen += 1;
    end = match.index + match[0].length;
  }
  return seen < limit ? text : text.slice(0, end);
}

/** The text cut after each token, with the space before a token kept on it: the pieces a vendor streams. */
export function tokenPieces(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of text.matchAll(TOKEN)) {
    const end = match.index + match[0].length;
    pieces.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length && pieces.length) pieces[pieces.length - 1] += text.slice(start);
  return pieces;
}
