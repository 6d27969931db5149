import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AgentPanelProps {
  agentId: string;
}

export interface AgentTab {
  id: string;
  label: string;
  /** undefined: a slot the page shows as "not available yet" until its panel is written. */
  panel?: LazyExoticComponent<ComponentType<AgentPanelProps>>;
}

/**
 * The agent page's tabs, one line each, each panel its own chunk. The last four are slots for the
 * next pages of issue 18 (heartbeat, scheduled tasks, installed skills, bus messages): giving one a
 * panel is the only change the agent page needs.
 */
export const AGENT_TABS: readonly AgentTab[] = [
  { id: 'chat', label: 'Chat', panel: lazy(() => import('./chat-panel.js')) },
  { id: 'history', label: 'History', panel: lazy(() => import('./history-panel.js')) },
  { id: 'config', label: 'Config', panel: lazy(() => import('./config-panel.js')) },
  { id: 'heartbeat', label: 'Heartbeat' },
  { id: 'scheduled-tasks', label: 'Scheduled tasks' },
  { id: 'skills', label: 'Installed skills' },
  { id: 'bus', label: 'Bus messages' },
];
