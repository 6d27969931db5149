import { IsBoolean, IsObject, IsString, IsUUID, MinLength } from 'class-validator';

/**
 * A verified security event token, stored by its `jti` and acted on after the 202: identity's
 * worker applies `events` (event-type URI to data). `legacy` came through POST /api/auth/idp/risc,
 * whose users are matched by email only.
 */
export class RiscReceivedEvent {
  @IsUUID() eventId!: string;
  @IsString() @MinLength(1) jti!: string;
  @IsObject() events!: Record<string, Record<string, unknown>>;
  @IsBoolean() legacy!: boolean;
}
