import { ArrayMaxSize, IsArray, IsString, IsUUID, MaxLength } from 'class-validator';

/** `svc.usage.key_spend`: what a user's API keys cost the platform in the current UTC month. */
export class KeySpendQuery {
  @IsString() @MaxLength(255) userId!: string;
  @ArrayMaxSize(1000) @IsUUID('all', { each: true }) @IsArray() keyIds!: string[];
}

export interface KeySpendReply {
  /** Micro-dollars by key id; a key without usage this month is 0. */
  spentMicros: Record<string, number>;
  /** The month counted, `YYYY-MM` (UTC). */
  month: string;
}
