import type { ColonyDiagnosticsView } from './colony-views.js';

export function ColonyDiagnostics({ view }: { view: ColonyDiagnosticsView }) {
  const { overview, stagnation } = view;
  return (
    <>
      <dl className="summary">
        <div><dt>Outcomes</dt><dd>{overview.completed} completed, {overview.failed} failed of {overview.total_outcomes}</dd></div>
        <div><dt>Success rate</dt><dd>{overview.success_rate}</dd></div>
        <div><dt>Stagnation risk</dt><dd>{stagnation.risk_level} ({stagnation.cycles_since_commit} cycles since a commit, reset in {stagnation.cycles_until_reset})</dd></div>
      </dl>
      <h3>Errors by category</h3>
      {view.error_distribution.length === 0 ? <p className="empty">No errors.</p> : (
        <ul>{view.error_distribution.map((item) => <li key={item.category}>{item.category}: {item.count}</li>)}</ul>
      )}
      <h3>Recommendations</h3>
      {view.recommendations.length === 0 ? <p className="empty">None.</p> : <ul>{view.recommendations.map((text) => <li key={text}>{text}</li>)}</ul>}
    </>
  );
}
