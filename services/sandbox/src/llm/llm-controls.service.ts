import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { HANG_LIMIT_MS, HungConnections } from '../hung-connections.service.js';
import { connectionClosed, type Connection } from './llm-request.js';

/** How the sandbox misbehaves for one model, set by a test through PUT /llm/controls/:model. */
export interface LlmControl {
  /** Added before every answer. */
  latencyMs?: number;
  /** Answer with this HTTP status and the vendor's error body instead of a completion. */
  status?: number;
  /** Never answer; the connection stays open until the client gives up. */
  hang?: boolean;
  /** A streamed answer stops after this many pieces of text until POST /llm/controls/:model/release (or the client hangs up). */
  holdAfterChunks?: number;
  /** A streamed answer breaks off after this many pieces of text with the vendor's error event. */
  failAfterChunks?: number;
  /** A pause before each piece of a streamed answer after the first. */
  chunkIntervalMs?: number;
}

export interface LlmCall {
  vendor: string;
  model: string;
  maxTokens: number | null;
  /** The key the call was made with (bearer token or x-api-key), so a test can tell whose key reached the vendor. */
  apiKey: string;
  at: string;
  /** From arrival to the answer; null while unanswered, and for a hang. Benchmarks subtract it as the upstream's share. */
  durationMs: number | null;
  /** Asked for server-sent events. */
  stream: boolean;
  /** The client hung up before the answer was complete. */
  aborted: boolean;
}

/** The call log keeps the latest calls only: `npm start` runs the sandbox for days. */
const CALL_LOG_LIMIT = 50_000;

export type ControlOutcome = { kind: 'answer' } | { kind: 'fail'; status: number } | { kind: 'gone' };

/** What a streamed answer does before its next piece of text. */
export type PieceOutcome = 'write' | 'fail' | 'gone';

@Injectable()
export class LlmControls {
  private readonly controls = new Map<string, LlmControl>();
  private readonly calls: LlmCall[] = [];
  /** Streams held mid-answer, per model, until released. */
  private readonly held = new Map<string, (() => void)[]>();

  constructor(private readonly hung: HungConnections) {}

  set(model: string, control: LlmControl): LlmControl {
    this.controls.set(model, control);
    return control;
  }

  reset(): void {
    this.controls.clear();
    this.calls.length = 0;
    for (const model of [...this.held.keys()]) this.release(model);
  }

  /** Lets the model's held streams go on; how many there were. */
  release(model: string): number {
    const waiting = this.held.get(model) ?? [];
    this.held.delete(model);
    for (const resume of waiting) resume();
    return waiting.length;
  }

  /**
   * Logs a call on arrival; the returned function stamps its duration once it is answered. A
   * connection that closes before then was given up by the client: the call is marked aborted.
   */
  record(call: Omit<LlmCall, 'at' | 'durationMs' | 'aborted'>, connection: Connection): () => void {
    const started = performance.now();
    const entry: LlmCall = { ...call, at: new Date().toISOString(), durationMs: null, aborted: false };
    this.calls.push(entry);
    if (this.calls.length > CALL_LOG_LIMIT) this.calls.shift();
    connection.once('close', () => {
      if (entry.durationMs === null) entry.aborted = true;
    });
    return () => {
      entry.durationMs = performance.now() - started;
    };
  }

  list(): LlmCall[] {
    return [...this.calls];
  }

  /** Applies the model's control: waits, fails, or hangs until the client hangs up or HANG_LIMIT_MS cuts the connection. */
  async apply(model: string, connection: Connection): Promise<ControlOutcome> {
    const control = this.controls.get(model) ?? {};
    if (control.hang) {
      await this.hung.hold(connection);
      return { kind: 'gone' };
    }
    if (control.latencyMs) await sleep(control.latencyMs);
    return control.status ? { kind: 'fail', status: control.status } : { kind: 'answer' };
  }

  /** Applies the model's stream controls before piece `index` (from 0) of a streamed answer. */
  async beforePiece(model: string, index: number, connection: Connection & { destroyed: boolean }): Promise<PieceOutcome> {
    const control = this.controls.get(model) ?? {};
    if (connection.destroyed) return 'gone';
    if (index > 0 && control.chunkIntervalMs) await sleep(control.chunkIntervalMs);
    if (index === control.failAfterChunks) return 'fail';
    if (index === control.holdAfterChunks) {
      const released = new Promise<void>((resolve) => this.held.set(model, [...(this.held.get(model) ?? []), resolve]));
      await Promise.race([released, connectionClosed(connection), sleep(HANG_LIMIT_MS, undefined, { ref: false })]);
    }
    return connection.destroyed ? 'gone' : 'write';
  }
}
