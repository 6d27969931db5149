import { useRef, useState } from 'react';
import { messageOf } from '../api/api-error.js';
import { streamChat, type ChatMessage } from '../api/chat-stream.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';

interface Turn extends ChatMessage {
  /** How many streamed pieces made this answer: the e2e test reads it to see the answer streamed. */
  pieces: number;
}

/** Chat through POST /api/chat with stream: true, each piece drawn as it arrives. */
export default function ChatPanel() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const [streaming, setStreaming] = useState(false);
  const abort = useRef<AbortController>(undefined);

  const send = async () => {
    const content = draft.trim();
    if (!content) {
      setError('Write a message first.');
      return;
    }
    const history: ChatMessage[] = [...turns.map(({ role, content: text }) => ({ role, content: text })), { role: 'user', content }];
    setTurns([...turns, { role: 'user', content, pieces: 1 }, { role: 'assistant', content: '', pieces: 0 }]);
    setDraft('');
    setError(undefined);
    setStreaming(true);
    abort.current = new AbortController();
    try {
      await streamChat(history, (piece) => setTurns((current) => {
        const last = current[current.length - 1]!;
        return [...current.slice(0, -1), { ...last, content: last.content + piece, pieces: last.pieces + 1 }];
      }), abort.current.signal);
    } catch (caught) {
      if ((caught as Error).name !== 'AbortError') setError(messageOf(caught));
    } finally {
      setStreaming(false);
    }
  };

  return (
    <div>
      {turns.length === 0 ? <p className="empty">No messages yet. Say hello.</p> : (
        <ol className="chat-log" aria-label="Conversation" aria-live="polite">
          {turns.map((turn, index) => (
            <li key={index} className={`from-${turn.role}`} data-pieces={turn.pieces} aria-busy={streaming && index === turns.length - 1}>
              <span className="visually-hidden">{turn.role === 'user' ? 'You: ' : 'Agent: '}</span>
              {turn.content || (streaming && index === turns.length - 1 ? '…' : '')}
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}>
        <div className="field">
          <label htmlFor="chat-message">Message</label>
          <textarea id="chat-message" rows={3} value={draft} onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter sends, Shift+Enter is a new line, as in most chat boxes.
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void send();
              }
            }} />
        </div>
        {error && <Alert>{error}</Alert>}
        <div className="actions">
          <Button type="submit" busy={streaming}>Send</Button>
          {streaming && <Button variant="secondary" onClick={() => abort.current?.abort()}>Stop answering</Button>}
        </div>
      </form>
    </div>
  );
}
