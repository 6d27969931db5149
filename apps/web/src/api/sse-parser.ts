/** One server-sent event: its `event:` name (message when absent) and its `data:` lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Incremental text/event-stream parser (the WHATWG rules the chat stream needs): text arrives in
 * arbitrary pieces, an event ends at a blank line, `data:` lines join with newlines, comments and
 * unknown fields are skipped. `push` returns the events completed by this piece.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';

  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A lone \r at the very end may be the first half of \r\n: wait for the next piece.
      if (this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + (this.buffer.startsWith('\r\n', newline) ? 2 : 1));
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      const done = this.data.length ? { event: this.event || 'message', data: this.data.join('\n') } : undefined;
      this.data = [];
      this.event = '';
      return done;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    return undefined;
  }
}
