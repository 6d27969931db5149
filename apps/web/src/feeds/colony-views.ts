/** The parts of GET /api/colony/status (extended-services 4.10) the colony page shows; the soul proxies the rest as it is. */
export interface ColonyAgentView {
  id: string;
  name: string;
  generation: number;
  fitness: number;
  specialization: string;
  parent: string | null;
  status: 'active' | 'stale';
}

export interface ColonyTreeView {
  colony_size: number;
  avg_fitness: number;
  cull_queue: number;
  agents: ColonyAgentView[];
  root: { address: string; designation: string; wallet_balance: { formatted: string; token: string } };
}

export interface ColonyDiagnosticsView {
  overview: { total_outcomes: number; completed: number; failed: number; success_rate: string };
  error_distribution: { category: string; count: number }[];
  stagnation: { cycles_since_commit: number; risk_level: string; cycles_until_reset: number };
  recommendations: string[];
}
