import { DEMO_HISTORY_ITEM_MAX, DEMO_HISTORY_MAX_ITEMS, type ChatMessageDto } from '@platform/contracts';

/**
 * What of a demo conversation reaches the model (platform-core 4.9): only user-role items with
 * string content, each cut to 4000 characters, the latest DEMO_HISTORY_MAX_ITEMS of them, then
 * the new message. Anything else a client sends is left out rather than refused.
 */
export function demoMessages(conversation: unknown[] | undefined, message: string): ChatMessageDto[] {
  const history = (conversation ?? [])
    .filter((item): item is { role: 'user'; content: string } =>
      !!item && typeof item === 'object' && (item as ChatMessageDto).role === 'user' && typeof (item as ChatMessageDto).content === 'string')
    .slice(-DEMO_HISTORY_MAX_ITEMS)
    .map((item) => ({ role: 'user' as const, content: item.content.slice(0, DEMO_HISTORY_ITEM_MAX) }));
  return [...history, { role: 'user', content: message }];
}
