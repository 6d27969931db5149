import { Equals, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

/**
 * Whose figures a metrics query aggregates: one user's, or everyone's when `everyone` is true and no
 * user is named. A missing user id never widens a query by itself: "everyone" is asked for by name.
 */
export class MetricsScopeQuery {
  @ValidateIf((query: MetricsScopeQuery) => query.everyone !== true)
  @MaxLength(255) @Matches(/\S/) @IsString()
  userId?: string;

  @IsOptional() @Equals(true) everyone?: true;
}

/** The user a scope names, or null for everyone; a user named next to `everyone` narrows it to that user. */
export function scopedUser(scope: MetricsScopeQuery): string | null {
  return scope.userId ?? null;
}
