import { isUUID } from 'class-validator';
import { ApiError, requireUser, SKILL_MESSAGES as M, type Envelope } from '@platform/contracts';
import type { SkillCaller } from './skill.js';

/**
 * Who uses the skill (docs/skills.md, Who may call a skill): a session's user, or the user a bearer
 * caller acts for through x-user-id. Skills keep records per platform user, so a bearer call naming
 * no user (or not a user id) acts for nobody: 401.
 */
export function skillCaller(envelope: Envelope): SkillCaller {
  const auth = requireUser(envelope);
  if (!isUUID(auth.userId)) throw new ApiError(401, M.callerNotUser);
  return { userId: auth.userId, auth, requestId: envelope.requestId };
}
