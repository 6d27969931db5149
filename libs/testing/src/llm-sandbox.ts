export interface LlmControlSettings {
  latencyMs?: number;
  status?: number;
  hang?: boolean;
}

export interface LlmCallRecord {
  vendor: string;
  model: string;
  maxTokens: number | null;
  /** The key the vendor received (bearer token or x-api-key). */
  apiKey: string;
  at: string;
  durationMs: number | null;
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

  async reset(): Promise<void> {
    await fetch(`${this.sandboxUrl}/llm/controls`, { method: 'DELETE' });
  }

  async calls(): Promise<LlmCallRecord[]> {
    const response = await fetch(`${this.sandboxUrl}/llm/calls`);
    return ((await response.json()) as { calls: LlmCallRecord[] }).calls;
  }
}
