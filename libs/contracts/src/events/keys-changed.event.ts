import { IsString, IsUUID } from 'class-validator';

/** A user's API keys changed (made, renamed, capped, deleted, or their lastUsed written): cached lists of them are stale. */
export class KeysChangedEvent {
  @IsUUID() eventId!: string;
  @IsString() userId!: string;
}
