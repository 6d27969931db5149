export interface LlmControlSettings {
  latencyMs?: number;
  status?: number;
  hang?: boolean;
  /** A streamed answer waits after this many pieces of text until release(). */
  holdAfterChunks?: number;
  /** A streamed answer breaks off after this many pieces of text with the vendor's error event. */
  failAfterChunks?: number;
  chunkIntervalMs?: number;
}

export interface LlmCallRecord {
  vendor: string;
  model: string;
  maxTokens: number | null;
  /** The key the vendor received (bearer token or x-api-key). */
  apiKey: string;
  at: string;
  durationMs: number | null;
  stream: boolean;
  /** The client hung up before the answer was complete. */
  aborted: boolean;
}

/** The sandbox LLM vendors' test hooks (PUT /llm/controls/:model, DELETE /llm/controls, GET /llm/calls). */
export class LlmSandbox {
  constructor(private readonly sandboxUrl: string) {}

  /** `model` as the vendor receives it: the catalogue id at the aggregator, the bare name at a direct vendor. */
  async control(model: string, settings: LlmControlSettings): Promise<void> {
    const response = await fetch(`${this.sandboxUrl}/llm/controls/${encodeURIComponent(model)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
    if (!response.ok) throw new Error(`PUT /llm/controls answered ${response.status}: ${await response.text()}`);
  }

  /** Lets the model's held streams go on; how many were held. */
  async release(model: string): Promise<number> {
    const response = await fetch(`${this.sandboxUrl}/llm/controls/${encodeURIComponent(model)}/release`, { method: 'POST' });
    return ((await response.json()) as { released: number }).released;
  }

  async reset(): Promise<void> {
    await fetch(`${this.sandboxUrl}/llm/controls`, { method: 'DELETE' });
  }

  async calls(): Promise<LlmCallRecord[]> {
    const response = await fetch(`${this.sandboxUrl}/llm/calls`);
    return ((await response.json()) as { calls: LlmCallRecord[] }).calls;
  }
}
