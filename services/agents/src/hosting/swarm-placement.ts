/** A node of the swarm as far as placement reads it (GET /nodes). */
export interface SwarmNode {
  ID: string;
  Spec: { Availability: string; Labels?: Record<string, string> };
  Status: { State: string; Addr?: string };
  Description?: { Resources?: { NanoCPUs?: number } };
}

/**
 * The node a new agent is pinned to: among the ready nodes open to work (and carrying `label=true` when
 * a label is asked for), the one holding the fewest of this platform's agents; on a tie the engine's own
 * node, then the lowest id, so a single-node swarm always picks itself. Undefined when none qualifies.
 */
export function pickNode(nodes: SwarmNode[], agentsPerNode: Map<string, number>, ownNodeId: string, label: string): SwarmNode | undefined {
  const open = nodes.filter((node) => node.Status.State === 'ready' && node.Spec.Availability === 'active'
    && (!label || node.Spec.Labels?.[label] === 'true'));
  const load = (node: SwarmNode) => agentsPerNode.get(node.ID) ?? 0;
  return open.sort((a, b) => load(a) - load(b) || Number(b.ID === ownNodeId) - Number(a.ID === ownNodeId) || a.ID.localeCompare(b.ID))[0];
}

const PINNED = /^node\.id\s*==\s*(\S+)$/;

/** The placement constraint that keeps an agent on one node, where its volume lies. */
export const pinTo = (nodeId: string): string => `node.id==${nodeId}`;

/** The node a service's constraints pin it to. */
export const pinnedNode = (constraints: string[] | undefined): string | undefined =>
  constraints?.map((constraint) => PINNED.exec(constraint)?.[1]).find(Boolean);
