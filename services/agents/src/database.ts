import type { ServiceDatabase } from '@platform/database';
import { OutboxEventEntity } from '@platform/messaging';
import { AgentEntity } from './agents/agent.entity.js';
import { CloneEntity } from './clones/clone.entity.js';
import { HeartbeatSettingsEntity } from './heartbeat/heartbeat-settings.entity.js';
import { LocalRuntimeEntity } from './hosting/local-runtime.entity.js';
import { InstallationEntity } from './installations/installation.entity.js';
import { AgentsInitial1763800000000 } from './migrations/1763800000000-agents-initial.js';
import { AgentsSubscriptionStates1764200000000 } from './migrations/1764200000000-agents-subscription-states.js';
import { AgentsVerificationsClones1764300000000 } from './migrations/1764300000000-agents-verifications-clones.js';
import { AgentsHeartbeatBeats1764400000000 } from './migrations/1764400000000-agents-heartbeat-beats.js';
import { AgentsSkills1764610000000 } from './migrations/1764610000000-agents-skills.js';
import { AgentsWorkspaceBytes1764700000000 } from './migrations/1764700000000-agents-workspace-bytes.js';
import { AgentsConfigWithoutSkills1764710000000 } from './migrations/1764710000000-agents-config-without-skills.js';
import { AgentSkillEntity } from './skills/agent-skill.entity.js';
import { SubscriptionStateEntity } from './subscriptions/subscription-state.entity.js';
import { VerificationEntity } from './verification/verification.entity.js';

export const agentsDatabase: ServiceDatabase = {
  schema: 'agents',
  entities: [AgentEntity, LocalRuntimeEntity, HeartbeatSettingsEntity, InstallationEntity, SubscriptionStateEntity, VerificationEntity, CloneEntity, AgentSkillEntity, OutboxEventEntity],
  migrations: [
    AgentsInitial1763800000000, AgentsSubscriptionStates1764200000000, AgentsVerificationsClones1764300000000, AgentsHeartbeatBeats1764400000000,
    AgentsSkills1764610000000, AgentsWorkspaceBytes1764700000000, AgentsConfigWithoutSkills1764710000000,
  ],
};
