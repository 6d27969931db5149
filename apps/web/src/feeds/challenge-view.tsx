import { summarizeChallenge } from './x402-challenge.js';

/** A 402 from a feed (4.9): what the provider asks to be paid, and how, in words. */
export function ChallengeView({ feed, challenge, hint }: { feed: string; challenge: unknown; hint: string }) {
  const summary = summarizeChallenge(challenge);
  return (
    <div className="alert alert-info" role="status">
      <p><strong>{feed} asks to be paid for this read.</strong>{summary.description && <> It is: {summary.description}.</>}</p>
      {summary.error && <p>The provider says: {summary.error}</p>}
      {summary.options.length === 0 ? <p>The challenge names no way to pay.</p> : (
        <ul aria-label="Ways to pay">
          {summary.options.map((option, index) => (
            <li key={index}>{option.price} on {option.network} ({option.scheme}), paid to <code>{option.payTo}</code></li>
          ))}
        </ul>
      )}
      {summary.resource && <p>Resource: <code>{summary.resource}</code></p>}
      <p className="field-hint">{hint}</p>
    </div>
  );
}
