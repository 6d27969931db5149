/**
 * A plausible colony for the soul service (extended-services 2, Colony agent; 4.10): a root agent
 * and its children, the root's soul, and its diagnostics.
 */
const VERSION = 'soul-0.9.4';
const ROOT_ADDRESS = '0x5011000000000000000000000000000000000001';

const agent = (index: number, fitness: number, specialization: string, status: 'active' | 'stale', parent: string | null) => ({
  id: `agent-${index}`,
  name: index === 0 ? 'Genesis' : `Scion ${index}`,
  generation: parent ? 2 : 1,
  fitness,
  specialization,
  children: parent ? [] : ['agent-1', 'agent-2', 'agent-3', 'agent-4'],
  parent,
  walletAddress: `0x5011${String(index).padStart(36, '0')}`,
  status,
  createdAt: new Date(Date.UTC(2026, 9, 1 + index)).toISOString(),
  url: `https://agent-${index}.colony.example`,
  endpoints: [
    { slug: 'analyze', description: 'Market analysis on request', price: '0.05' },
    { slug: 'clone', description: 'A new agent of this lineage', price: '1.0' },
  ],
  uptime: 86_400 * (10 - index),
  version: VERSION,
});

const AGENTS = [
  agent(0, 82, 'general', 'active', null),
  agent(1, 74, 'analytics', 'active', 'agent-0'),
  agent(2, 61, 'booking', 'active', 'agent-0'),
  agent(3, 38, 'promo', 'stale', 'agent-0'),
  agent(4, 27, 'support', 'stale', 'agent-0'),
];

const FREE_ENERGY = {
  F: 1.42, regime: 'exploit', trend: 'falling',
  components: [{ system: 'economic', surprise: 0.6, weight: 0.4 }, { system: 'execution', surprise: 0.3, weight: 0.35 }, { system: 'social', surprise: 0.9, weight: 0.25 }],
};
const BRAIN = { parameters: 1_204_224, train_steps: 18_450, running_loss: 0.412 };
const TRANSFORMER = { param_count: 3_145_728, train_steps: 9_210, running_loss: 1.87, vocab_size: 4096, plans_generated: 311 };
const ACTIVE_PLAN = { id: 'plan-77', goal_id: 'goal-3', current_step: 2, total_steps: 5, status: 'running', replan_count: 1 };
const ROLE = { rank: 1, can_spawn: true, should_cull: false, niche: 'general', colony_size: AGENTS.length };

export function colonyTree() {
  const fitnesses = AGENTS.map((one) => one.fitness);
  return {
    colony_size: AGENTS.length,
    avg_fitness: Number((fitnesses.reduce((sum, value) => sum + value, 0) / AGENTS.length).toFixed(1)),
    fittest: AGENTS[0],
    cull_queue: AGENTS.filter((one) => one.fitness < 40).length,
    agents: AGENTS,
    root: {
      address: ROOT_ADDRESS,
      designation: 'Genesis',
      fitness: { total: 0.82, prediction: 0.77, execution: 0.88 },
      wallet_balance: { formatted: '412.50', token: 'pathUSD' },
      clone_available: true,
      clone_price: '1.0',
      soul: { active: true, dormant: false, total_cycles: 12_408, mode: 'autonomous', active_plan: ACTIVE_PLAN, free_energy: FREE_ENERGY, brain: BRAIN, transformer: TRANSFORMER },
      colony: { ...ROLE, fitness_rank: AGENTS.map((one, index) => ({ address: one.walletAddress, fitness: one.fitness, rank: index + 1 })) },
    },
  };
}

export function soulState(now = new Date()) {
  return {
    active: true,
    dormant: false,
    total_cycles: 12_408,
    last_think_at: Math.floor(now.getTime() / 1000) - 42,
    mode: 'autonomous',
    tools_enabled: true,
    coding_enabled: true,
    cycle_health: { last_cycle_entered_code: false, total_code_entries: 311, cycles_since_last_commit: 14, completed_plans_count: 96, failed_plans_count: 12, goals_active: 3 },
    active_plan: { ...ACTIVE_PLAN, current_step_type: 'research', context: 'Comparing stablecoin yields before rebalancing' },
    fitness: { total: 0.82, trend: 'rising', economic: 0.71, execution: 0.88, evolution: 0.64, coordination: 0.79, introspection: 0.58, prediction: 0.77, measured_at: now.toISOString() },
    beliefs: [
      { domain: 'markets', confidence: 0.72, confirmations: 18 },
      { domain: 'colony', confidence: 0.9, confirmations: 41 },
    ],
    goals: [
      { description: 'Keep the treasury above 400 pathUSD', status: 'active', priority: 1 },
      { description: 'Spawn a specialist for bookings', status: 'done', priority: 2 },
    ],
    recent_thoughts: ['Yields on Base dipped; holding position.', 'Scion 4 has been stale for a day: cull candidate.'],
    brain: BRAIN,
    transformer: TRANSFORMER,
    role: ROLE,
    cortex: null,
    genesis: { born_at: '2026-10-01T00:00:00.000Z', lineage: 'root' },
    hivemind: null,
    synthesis: null,
    evaluation: null,
    free_energy: FREE_ENERGY,
    lifecycle: { stage: 'mature', age_days: 53 },
  };
}

export function soulDiagnostics() {
  return {
    overview: { total_outcomes: 108, completed: 96, failed: 12, success_rate: '88.9%' },
    error_distribution: [{ category: 'timeout', count: 5 }, { category: 'tool_error', count: 4 }, { category: 'insufficient_funds', count: 3 }],
    stagnation: { cycles_since_commit: 14, risk_level: 'low', cycles_until_reset: 86 },
    capability_bottleneck: { capability: 'web_research', success_rate: 0.62, attempts: 29 },
    recommendations: ['Raise the research step timeout', 'Top up the wallet before the next spawn'],
  };
}

export const SOUL_ACTIONS = { tree: colonyTree, soul: soulState, diagnostics: soulDiagnostics } as const;
