import type { AuthContext } from '@platform/contracts';

/**
 * The skill's user as a signed-in caller, for routes whose ownership rules are the other service's
 * own (an agent is the caller's or a 404): a bearer AuthContext would act for the platform there.
 * Those routes read only the user id of such a caller.
 */
export function asOwner(userId: string): AuthContext {
  return { userId, email: '', name: '', isAdmin: false, plan: 'free', subscriptionStatus: 'inactive', via: 'session' };
}

/** The platform acting for the user, for the backend routes of 4.2 that take the user in the body or query. */
export function asPlatform(userId: string): AuthContext {
  return { userId, email: '', name: '', isAdmin: false, plan: 'free', subscriptionStatus: 'inactive', via: 'internal' };
}
