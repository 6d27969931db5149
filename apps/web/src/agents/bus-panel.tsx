import { apiGet } from '../api/api-client.js';
import { AsyncList } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { TableWrap } from '../ui/table-wrap.js';
import { useAsync } from '../ui/use-async.js';
import type { AgentPanelProps } from './agent-tabs.js';

/** A history entry the bus delivered or the agent sent through it (docs/agents.md, "Bus messages on the runtime"). */
interface BusHistoryEntry {
  role: string;
  content: string;
  bus?: { messageId: string; action: string; from: string; to: string; replyTo?: string };
}

/**
 * The web surface has no bus route (the bus's are backend-only, docs/web.md): what the owner can see
 * is the agent's own history, whose bus entries carry the message's action and ends.
 */
export default function BusPanel({ agentId }: AgentPanelProps) {
  const messages = useAsync(async (signal) => {
    const { messages: history } = await apiGet<{ messages: BusHistoryEntry[] }>(`/api/agents/${agentId}/messages`, signal);
    return history.filter((entry) => entry.bus).reverse();
  }, `bus-${agentId}`);
  return (
    <>
      <h2>Bus messages</h2>
      <p className="field-hint">Messages between agents, as this agent's history keeps them, newest first. Delivery status is not offered to the web app.</p>
      <Button variant="secondary" onClick={messages.reload}>Refresh</Button>
      <AsyncList state={messages} noun="bus messages" empty={<p>No bus messages yet.</p>}>
        {(entries) => (
          <TableWrap label="Bus messages">
            <table>
              <thead><tr><th scope="col">Direction</th><th scope="col">Action</th><th scope="col">Other agent</th><th scope="col">Message</th></tr></thead>
              <tbody>
                {entries.map(({ role, content, bus }) => (
                  <tr key={`${bus!.messageId}-${role}`}>
                    <td>{role === 'user' ? 'received' : 'sent'}</td>
                    <td><code>{bus!.action}</code></td>
                    <td><code>{role === 'user' ? bus!.from : bus!.to}</code></td>
                    <td>{content}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </AsyncList>
    </>
  );
}
