import { apiGet } from '../api/api-client.js';
import type { ChatMessage } from '../api/chat-stream.js';
import { AsyncList } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { useAsync } from '../ui/use-async.js';
import type { AgentPanelProps } from './agent-tabs.js';

/** The agent runtime's own message history (GET /api/agents/:id/messages; needs a live runtime). */
export default function HistoryPanel({ agentId }: AgentPanelProps) {
  const history = useAsync(
    async (signal) => (await apiGet<{ messages: ChatMessage[] }>(`/api/agents/${agentId}/messages`, signal)).messages,
    `history-${agentId}`,
  );
  return (
    <div>
      <Button variant="secondary" onClick={history.reload}>Refresh</Button>
      <AsyncList state={history} noun="message history" empty={<p>The agent has no messages yet.</p>}>
        {(messages) => (
          <ol className="chat-log" aria-label="Message history">
            {messages.map((message, index) => (
              <li key={index} className={`from-${message.role === 'user' ? 'user' : 'assistant'}`}>
                <span className="visually-hidden">{message.role}: </span>{message.content}
              </li>
            ))}
          </ol>
        )}
      </AsyncList>
    </div>
  );
}
