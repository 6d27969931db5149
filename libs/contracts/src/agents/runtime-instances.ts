import { IsOptional, IsUUID } from 'class-validator';

/** Query of GET /api/instance/:userId(/stats): which of the user's agents; the most recent running one without it. */
export class InstanceQuery {
  @IsOptional() @IsUUID('all', { message: 'agentId must be an agent id' }) agentId?: string;
}
