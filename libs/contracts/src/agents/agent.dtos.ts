import { IsBoolean, IsIn, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AGENT_MESSAGES as M } from './agent-messages.js';
import { AgentName } from './agent-name.rules.js';
import { AGENT_PLANS, PROVISION_MODELS, WEB_TIERS, type AgentPlan, type ProvisionModel, type WebTier } from './agent-plans.js';

/** POST /api/agents (backend): metadata only, the agent starts `pending`. */
export class CreateAgentDto {
  @AgentName() name!: string;
  @IsOptional() @IsObject({ message: M.configObject }) config?: Record<string, unknown>;
}

/** Plan and provider are read out of the free-form config object (platform-core section 2, Agent configuration). */
export class AgentConfigFields {
  @IsOptional() @IsIn(AGENT_PLANS, { message: M.invalidPlan }) plan?: AgentPlan;
  @IsOptional() @IsString() aiProvider?: string;
}

/** PUT /api/agents/:id (backend). */
export class UpdateAgentDto {
  @IsOptional() @IsIn(AGENT_PLANS, { message: M.invalidPlan }) plan?: AgentPlan;
  @IsOptional() @IsString() aiProvider?: string;
  @IsOptional() @IsObject({ message: M.configObject }) config?: Record<string, unknown>;
}

/** POST /api/agents/provision (web). There is no limit field: the limit is never the caller's to set. */
export class ProvisionAgentDto {
  @AgentName() name!: string;
  @IsOptional() @IsIn(PROVISION_MODELS, { message: M.invalidModel }) model?: ProvisionModel;
  @IsOptional() @IsObject({ message: M.configObject }) config?: Record<string, unknown>;
  @IsOptional() @IsIn(WEB_TIERS, { message: M.invalidTier }) tier?: WebTier;
}

/** POST /api/deployments (backend): deploy an agent for a user on a plan (default label). */
export class DeploymentDto {
  @MaxLength(255, { message: M.userIdRequired }) @Matches(/\S/, { message: M.userIdRequired }) @IsString({ message: M.userIdRequired })
  userId!: string;

  @AgentName() name!: string;
  @IsOptional() @IsIn(AGENT_PLANS, { message: M.invalidPlan }) plan?: AgentPlan;
  @IsOptional() @IsString() model?: string;
  @IsOptional() @IsString() aiProvider?: string;
  @IsOptional() @IsObject({ message: M.configObject }) config?: Record<string, unknown>;
}

/** PUT /api/agents/:id/config: takes effect on the next start, restart, update or repair. */
export class PutAgentConfigDto {
  @IsObject({ message: M.configObject }) config!: Record<string, unknown>;
}

/** POST /api/agents/:id/messages: one user turn. */
export class SendAgentMessageDto {
  @MaxLength(16_000) @Matches(/\S/, { message: M.messageRequired }) @IsString({ message: M.messageRequired })
  message!: string;
}

/** `<integer><m|h|d>`, a positive integer (platform-core section 2, Heartbeat settings). */
export const HEARTBEAT_FREQUENCY = /^[1-9]\d{0,5}[mhd]$/;
export const DEFAULT_HEARTBEAT_FREQUENCY = '3h';

export class AgentIdDto {
  @Matches(/\S/, { message: M.agentIdRequired }) @IsString({ message: M.agentIdRequired }) agentId!: string;
}

/** POST /api/heartbeat (web). */
export class HeartbeatSettingsDto extends AgentIdDto {
  @IsOptional() @Matches(HEARTBEAT_FREQUENCY, { message: M.invalidFrequency }) @IsString({ message: M.invalidFrequency })
  frequency?: string;

  @IsOptional() @IsBoolean({ message: M.enabledBoolean }) enabled?: boolean;
}

export const INSTALLATION_MODES = ['home', 'link', 'cloud'] as const;
export type InstallationMode = (typeof INSTALLATION_MODES)[number];

/** POST /api/register-home and /api/register-link (backend). */
export class RegisterInstallationDto {
  @MaxLength(255, { message: M.userIdRequired }) @Matches(/\S/, { message: M.userIdRequired }) @IsString({ message: M.userIdRequired })
  userId!: string;

  @IsOptional() @IsIn(INSTALLATION_MODES, { message: M.invalidMode }) mode?: InstallationMode;
  @IsOptional() @IsString() gatewayToken?: string;
}
