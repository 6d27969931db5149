import { IsString } from 'class-validator';
import { AgentHeartbeatJob, ProvisionAgentJob, WatchdogCheckJob } from './agents/agent-jobs.js';
import { ToolUsageJob, UsageEventJob } from './usage/usage-jobs.js';
import { BusDeliveryJob } from './bus/bus-jobs.js';
import { SplitJob, TransferJob } from './wallet/split-jobs.js';
import { ScheduledTaskRunJob } from './scheduler/scheduler-jobs.js';
import { DeleteAssetJob, RenderVideoJob } from './media/media-jobs.js';

/**
 * Someone asked for a reset link. The reply to them is sent before anyone looks the address up,
 * so it takes the same time whether or not an account exists.
 */
export class PasswordResetRequestedJob {
  @IsString() email!: string;
}

/** BullMQ queue names (ARCHITECTURE.md, Messaging) and the job payload class of each. */
export const QUEUES = {
  identityMail: 'identity.mail',
  agentsProvision: 'agents.provision',
  agentsHeartbeat: 'agents.heartbeat',
  watchdogCheck: 'watchdog.check',
  usageLog: 'usage.log',
  usageTools: 'usage.tools',
  walletSplits: 'wallet.splits',
  walletTransfers: 'wallet.transfers',
  busDeliver: 'bus.deliver',
  schedulerRun: 'scheduler.run',
  mediaRender: 'media.render',
  mediaAssetDeletion: 'media.asset_deletion',
} as const;

export const JOB_PAYLOADS = {
  [QUEUES.identityMail]: PasswordResetRequestedJob,
  [QUEUES.agentsProvision]: ProvisionAgentJob,
  [QUEUES.agentsHeartbeat]: AgentHeartbeatJob,
  [QUEUES.watchdogCheck]: WatchdogCheckJob,
  [QUEUES.usageLog]: UsageEventJob,
  [QUEUES.usageTools]: ToolUsageJob,
  [QUEUES.walletSplits]: SplitJob,
  [QUEUES.walletTransfers]: TransferJob,
  [QUEUES.busDeliver]: BusDeliveryJob,
  [QUEUES.schedulerRun]: ScheduledTaskRunJob,
  [QUEUES.mediaRender]: RenderVideoJob,
  [QUEUES.mediaAssetDeletion]: DeleteAssetJob,
} as const;

export type QueueName = keyof typeof JOB_PAYLOADS;

/**
 * The job data field that carries the enqueuing request's trace context (W3C `traceparent`), present
 * only while tracing is on; QueueFactory's worker takes it off before the payload class sees the data.
 */
export const JOB_TRACE_FIELD = '_trace';
export type JobOf<Q extends QueueName> = InstanceType<(typeof JOB_PAYLOADS)[Q]>;
