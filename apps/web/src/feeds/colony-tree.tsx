import type { ColonyTreeView } from './colony-views.js';
import { TableWrap } from '../ui/table-wrap.js';

export function ColonyTree({ tree }: { tree: ColonyTreeView }) {
  return (
    <>
      <dl className="summary">
        <div><dt>Agents</dt><dd>{tree.colony_size}</dd></div>
        <div><dt>Average fitness</dt><dd>{tree.avg_fitness} of 100</dd></div>
        <div><dt>Due for culling</dt><dd>{tree.cull_queue}</dd></div>
        <div><dt>Root wallet</dt><dd>{tree.root.wallet_balance.formatted} {tree.root.wallet_balance.token}</dd></div>
      </dl>
      <p>Root: {tree.root.designation} <code>{tree.root.address}</code></p>
      {tree.agents.length === 0 ? <p className="empty">The colony has no agents yet.</p> : (
        <TableWrap label="Colony agents">
          <table>
            <thead><tr><th scope="col">Agent</th><th scope="col">Generation</th><th scope="col">Fitness</th><th scope="col">Specialization</th><th scope="col">Status</th></tr></thead>
            <tbody>
              {tree.agents.map((agent) => (
                <tr key={agent.id}>
                  <td>{agent.name}{agent.parent && <span className="field-hint"> (child of {tree.agents.find((other) => other.id === agent.parent)?.name ?? agent.parent})</span>}</td>
                  <td>{agent.generation === 1 ? 'root' : agent.generation}</td>
                  <td>{agent.fitness}</td>
                  <td>{agent.specialization}</td>
                  <td>{agent.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
