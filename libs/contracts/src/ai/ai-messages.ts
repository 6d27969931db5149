/** Error texts of the AI layer and the demo chat; the demo's are the spec's words (platform-core 4.9). */
export const AI_MESSAGES = {
  planRequired: 'A paid plan is required (label, solo, collective or network)',
  subscriptionRequired: 'An active subscription is required',
  modelRestricted: 'Your plan does not include this model',
  quotaExceeded: 'Monthly token quota exceeded',
  quotaUnavailable: 'Quota service unavailable',
  spendCapReached: 'This API key has reached its monthly spend cap; raise it with PATCH /api/keys/:id or wait for next month',
  messagesRequired: 'messages must be a non-empty array',
  messageRole: 'each message needs role user, assistant or system',
  messageContent: 'each message needs string content',
  unknownModel: 'Unknown model',
  billingIdTooLong: 'x-user-id and x-agent-id must be at most 255 characters',
  unknownProvider: 'Unknown provider',
  invalidTaskType: 'taskType must be one of general, reasoning, coding, fast, creative',
  noModels: 'No models available',
  providerError: 'AI provider error',
  noProviders: 'No AI provider available',
  estimateFields: 'model, inputTokens and outputTokens are required',
  demoMessageRequired: 'Message required',
  demoInvalidModel: 'Invalid model',
  demoNotConfigured: 'Demo chat is not configured',
  demoFailed: 'Failed to get response',
} as const;

/** A chat on a user's own direct-vendor key asking for another vendor's model (400). */
export function ownKeyModelRefused(provider: string): string {
  return `Your own ${provider} key serves only ${provider} models: choose one of them, or leave model out to have one picked`;
}
