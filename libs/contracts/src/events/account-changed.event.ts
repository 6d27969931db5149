import { IsISO8601, IsUUID } from 'class-validator';

/**
 * Something the AI layer reads from a billing account changed other than plan or status (the
 * user's own provider key): every AI replica drops what it cached for the user.
 */
export class AccountChangedEvent {
  @IsUUID() eventId!: string;
  @IsUUID() userId!: string;
  @IsISO8601({ strict: true }) occurredAt!: string;
}
