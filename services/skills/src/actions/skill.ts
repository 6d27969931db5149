import type { AuthContext } from '@platform/contracts';

/** The user a skill acts for: the signed-in user, or the one a bearer caller names with x-user-id. */
export interface SkillCaller {
  userId: string;
  auth: AuthContext;
  requestId: string;
}

/** A built skill: POST /api/skills/{id} hands it the body, which it holds to its own DTO. */
export interface Skill {
  readonly id: string;
  /** The skill's data; the route adds `success: true`. */
  use(caller: SkillCaller, body: unknown): Promise<object>;
}
