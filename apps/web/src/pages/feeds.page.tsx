import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiGet } from '../api/api-client.js';
import { messageOf } from '../api/api-error.js';
import { ChallengeView } from '../feeds/challenge-view.js';
import { readFeed, type FeedRead } from '../feeds/read-feed.js';
import { Alert } from '../ui/alert.js';
import { AsyncList } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { PageLayout } from '../ui/page-layout.js';
import { TableWrap } from '../ui/table-wrap.js';
import { useAsync } from '../ui/use-async.js';

interface FeedListView {
  feeds: { id: string; endpoint: string; preview: string }[];
  docs: string;
}

function FeedResult({ read }: { read: FeedRead }) {
  if (read.kind === 'payment') return <ChallengeView feed={read.feed} challenge={read.challenge} hint={read.hint} />;
  return (
    <div>
      <p>{read.feed}, from {read.source}:</p>
      <pre style={{ overflow: 'auto', maxHeight: '24rem' }} tabIndex={0} aria-label={`Data of ${read.feed}`}>{JSON.stringify(read.data, null, 2)}</pre>
    </div>
  );
}

/** extended-services 4.9: the 15 feeds, each readable here as its free preview or as the paid read. */
export default function FeedsPage() {
  const feeds = useAsync((signal) => apiGet<FeedListView>('/api/datafeeds', signal), 'feeds');
  const [reading, setReading] = useState<string>();
  const [read, setRead] = useState<FeedRead>();
  const [error, setError] = useState<string>();
  const result = useRef<HTMLDivElement>(null);
  // The answer is drawn above the list, so focus goes to it, not left on a button far below.
  useEffect(() => {
    if (read || error) result.current?.focus();
  }, [read, error]);
  const open = async (feed: string, preview: boolean) => {
    setReading(`${feed}-${preview}`);
    setError(undefined);
    setRead(undefined);
    try {
      setRead(await readFeed(feed, preview));
    } catch (caught) {
      setError(`${feed}: ${messageOf(caught)}`);
    } finally {
      setReading(undefined);
    }
  };
  return (
    <PageLayout title="Data feeds">
      <p>Live data paid per read with x402; each feed has a free preview. The <Link to="/colony">colony</Link> shows the agents behind them.</p>
      <div ref={result} tabIndex={-1}>
        {error && <Alert>{error}</Alert>}
        {read && <FeedResult read={read} />}
      </div>
      <AsyncList state={{ ...feeds, data: feeds.data?.feeds }} noun="data feeds" empty={<p>No feeds are offered.</p>}>
        {(items) => (
          <TableWrap label="Data feeds">
            <table>
              <thead><tr><th scope="col">Feed</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {items.map((feed) => (
                  <tr key={feed.id}>
                    <td><code>{feed.id}</code></td>
                    <td className="actions">
                      <Button variant="secondary" busy={reading === `${feed.id}-true`} aria-label={`Preview ${feed.id}`} onClick={() => open(feed.id, true)}>Preview</Button>
                      <Button variant="secondary" busy={reading === `${feed.id}-false`} aria-label={`Read ${feed.id} (paid)`} onClick={() => open(feed.id, false)}>Read (paid)</Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </AsyncList>
    </PageLayout>
  );
}
