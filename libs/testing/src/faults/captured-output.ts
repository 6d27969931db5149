import type { ChildProcess } from 'node:child_process';

/** What child processes write to stdout and stderr, interleaved as it arrived, the oldest dropped beyond `limit` characters. */
export class CapturedOutput {
  private text = '';

  constructor(private readonly limit: number) {}

  capture(child: ChildProcess): void {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => this.append(chunk));
    }
  }

  toString(): string {
    return this.text;
  }

  /** The last lines, for an error message. */
  tail(lines = 30): string {
    return this.text.trimEnd().split('\n').slice(-lines).join('\n');
  }

  private append(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.limit) this.text = this.text.slice(-this.limit);
  }
}
