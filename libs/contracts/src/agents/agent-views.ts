import type { AgentStatus } from './agent-status.js';

/** Backend list item (platform-core section 2, Agent). */
export interface BackendAgentListItem {
  id: string;
  status: AgentStatus;
  created: string;
  subdomain: string;
  url: string;
}

/** Web list item. */
export interface WebAgentListItem {
  id: string;
  name: string;
  model: string;
  status: AgentStatus;
  websocketUrl: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/agents on the web surface (anonymous callers get an empty list). */
export interface WebAgentList {
  agents: WebAgentListItem[];
  count: number;
  status: 'ok';
}

/** GET /api/agents/provision: the caller's agents sent to provisioning. */
export interface ProvisionedAgentList {
  agents: WebAgentListItem[];
  count: number;
}

/** Agent detail; the web surface wraps it as `{ agent, status: "ok" }`. */
export interface AgentDetail {
  id: string;
  status: AgentStatus;
  startedAt: string | null;
  plan: string;
  subdomain: string;
  url: string;
  runtimeVersion: string;
  verified: boolean;
  verificationType: string | null;
  attestationUid: string | null;
  verifiedAt: string | null;
}

export interface HeartbeatSettingsView {
  frequency: string;
  enabled: boolean;
  lastHeartbeat: string | null;
  nextHeartbeat: string | null;
  lastUpdated?: string;
}

/** GET /api/agents/:id on the web surface. */
export interface WebAgentDetail {
  agent: AgentDetail;
  status: 'ok';
}

/** GET /api/heartbeat, and POST's answer with every field set. */
export interface HeartbeatReply {
  heartbeat: HeartbeatSettingsView;
}

/** Installation (extended-services section 2), field names as the spec writes them. */
export interface InstallationView {
  user_id: string;
  mode: 'home' | 'link' | 'cloud';
  registered_at: string;
  last_seen: string;
  status: 'active' | 'inactive';
}

/** GET /api/installations. */
export interface InstallationList {
  success: true;
  count: number;
  installations: InstallationView[];
}

/** What `SUBJECTS.agents.hostingStatus` answers; the gateway's GET /health is built from it. */
export interface HostingStatusReply {
  reachable: boolean;
  provisioningEnabled: boolean;
  provider: string;
}
