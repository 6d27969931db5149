import type { AgentStatus } from './agent-status.js';
import type { AgentPlan, PlanResources } from './agent-plans.js';

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

/** POST /api/agents (backend, 201): metadata only, the agent waits in `pending` for a start. */
export interface CreatedAgentView {
  id: string;
  name: string;
  agentId: string;
  status: AgentStatus;
  subdomain: string;
  url: string;
  createdAt: string;
}

/** POST /api/agents/provision and /api/provision (201). */
export interface ProvisionedAgentView {
  success: true;
  agent: { id: string; name: string; status: AgentStatus; websocketUrl: string; createdAt: string; model: string };
}

/** POST /api/deployments (201). */
export interface DeploymentView {
  success: true;
  agentId: string;
  name: string;
  status: AgentStatus;
  plan: AgentPlan;
  resources: PlanResources;
  subdomain: string;
  createdAt: string;
}

/** PUT /api/agents/:id (backend): takes effect on the next (re)deploy. */
export interface UpdatedAgentView {
  id: string;
  plan: string;
  aiProvider: string;
  subdomain: string;
  status: AgentStatus;
  message: string;
}

/** DELETE /api/agents/:id: best-effort, the same for an unknown agent. */
export interface DeletedAgentView {
  id: string;
  deleted: true;
}

/** GET /api/agents/:id/config: the config as the agent's runtime gets it, installed skills included. */
export interface AgentConfigView {
  id: string;
  plan: string;
  model: string;
  aiProvider: string;
  config: Record<string, unknown>;
}

/** PUT /api/agents/:id/config. */
export interface AgentConfigSaved {
  success: true;
  id: string;
  config: Record<string, unknown>;
}

/** GET /api/agents/:id/token: the agent runtime's gateway token. */
export interface AgentTokenView {
  agentId: string;
  token: string;
}

/** POST /api/agents/:id/start, stop, restart, update, repair: the status the agent is in now. */
export interface AgentActionReply {
  success: true;
  id: string;
  status: AgentStatus;
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

/** POST /api/register-home and /api/register-link. */
export interface InstallationRegistered {
  success: true;
  message: string;
  dashboardUrl: string;
}

/** POST /api/heartbeat (backend): acknowledged whether or not the user has an installation. */
export interface InstallationHeartbeatReply {
  success: true;
  timestamp: string;
}

/** What `SUBJECTS.agents.hostingStatus` answers; the gateway's GET /health is built from it. */
export interface HostingStatusReply {
  reachable: boolean;
  provisioningEnabled: boolean;
  provider: string;
}
