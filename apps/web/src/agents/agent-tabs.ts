import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AgentPanelProps {
  agentId: string;
}

export interface AgentTab {
  id: string;
  label: string;
  panel: LazyExoticComponent<ComponentType<AgentPanelProps>>;
}

/**
 * The agent page's tabs, one line each, each panel its own chunk: adding a tab is one line here.
 */
export const AGENT_TABS: readonly AgentTab[] = [
  { id: 'chat', label: 'Chat', panel: lazy(() => import('./chat-panel.js')) },
  { id: 'history', label: 'History', panel: lazy(() => import('./history-panel.js')) },
  { id: 'config', label: 'Config', panel: lazy(() => import('./config-panel.js')) },
  { id: 'heartbeat', label: 'Heartbeat', panel: lazy(() => import('./heartbeat-panel.js')) },
  { id: 'scheduled-tasks', label: 'Scheduled tasks', panel: lazy(() => import('./tasks-panel.js')) },
  { id: 'skills', label: 'Installed skills', panel: lazy(() => import('./skills-panel.js')) },
  { id: 'bus', label: 'Bus messages', panel: lazy(() => import('./bus-panel.js')) },
];
