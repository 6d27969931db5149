import { IsString } from 'class-validator';

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
} as const;

export const JOB_PAYLOADS = {
  [QUEUES.identityMail]: PasswordResetRequestedJob,
} as const;

export type QueueName = keyof typeof JOB_PAYLOADS;
export type JobOf<Q extends QueueName> = InstanceType<(typeof JOB_PAYLOADS)[Q]>;
