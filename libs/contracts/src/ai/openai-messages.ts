/** Error texts of the public AI gateway (/api/v1/gateway), in OpenAI's words where it has them. */
export const OPENAI_MESSAGES = {
  modelRequired: 'you must provide a model parameter',
  messagesRequired: 'messages must be a non-empty array',
  messageRole: 'each message needs role system, developer, user or assistant',
  messageContent: 'each message needs content: a string or an array of text parts',
  singleChoice: 'only n=1 is supported',
  invalidApiKey: 'Incorrect API key provided. Create a key at /api/keys and send it as Authorization: Bearer sk_...',
} as const;

/** OpenAI's 404 for a model it does not serve. */
export function modelNotFound(model: string): string {
  return `The model \`${model}\` does not exist or you do not have access to it.`;
}
