import type { LiveDjList } from '@contracts/media/radio-views.js';
import { apiGet } from '../api/api-client.js';
import { GoLiveForm } from '../radio/go-live-form.js';
import { AsyncList } from '../ui/async-state.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';

/** A stream goes live when its encoder connects, so the list is polled. */
const POLL_MS = 15_000;

/** extended-services 4.6: who is on the air, and going on it with a gate-token wallet. */
export default function RadioPage() {
  const live = useAsync(async (signal) => (await apiGet<LiveDjList>('/api/radio/live', signal)).djs, 'radio-live', POLL_MS);
  return (
    <PageLayout title="Radio">
      <section aria-labelledby="live-heading">
        <h2 id="live-heading">Live now</h2>
        <AsyncList state={live} noun="live streams" empty={<p>Nobody is live right now.</p>}>
          {(djs) => (
            <ul className="card-list">
              {djs.map((dj) => (
                <li key={dj.id} className="card">
                  <h3>{dj.name}</h3>
                  <p>On air since {new Date(dj.startedAt * 1000).toLocaleTimeString()}{dj.wallet && <> · <code>{dj.wallet}</code></>}</p>
                  {dj.embedUrl ? <a href={dj.embedUrl} target="_blank" rel="noreferrer">Listen to {dj.name} (opens a new tab)</a> : <p>No player link yet.</p>}
                </li>
              ))}
            </ul>
          )}
        </AsyncList>
      </section>
      <section aria-labelledby="go-live-heading">
        <h2 id="go-live-heading">Go live</h2>
        <GoLiveForm />
      </section>
    </PageLayout>
  );
}
