import { IsOptional, IsString, IsUUID } from 'class-validator';

/** Credentials of a user changed: every gateway replica drops what it cached for that user. */
export class SessionsRevokedEvent {
  @IsUUID() eventId!: string;
  @IsString() userId!: string;
  @IsOptional() @IsString() reason?: string;
}
