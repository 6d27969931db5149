/** One server-sent event: its `event:` name when it has one, and its data lines joined. */
export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * Cuts a text/event-stream into events as its bytes arrive, whatever the network's chunking: an
 * event is complete at its blank line, so a partial one waits for the next piece.
 */
export class SseParser {
  private buffer = '';

  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    const blocks = this.buffer.split(/\r\n\r\n|\n\n|\r\r/);
    this.buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = parseBlock(block);
      if (event) events.push(event);
    }
    return events;
  }
}

function parseBlock(block: string): SseEvent | null {
  let event: string | undefined;
  const data: string[] = [];
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  // An event without data (a comment-only keep-alive) dispatches nothing, as in the EventSource spec.
  return data.length ? { ...(event ? { event } : {}), data: data.join('\n') } : null;
}
