import { IDENTITY_MESSAGES } from '@contracts/identity/messages.js';
import type { Rule } from './validation.js';

/** UpdateProfileDto's bound (libs/contracts/src/identity/update-profile.dto.ts). */
export const PROFILE_NAME_MAX = 100;

export const profileNameRule: Rule = (value) => (/\S/.test(value) && value.length <= PROFILE_NAME_MAX ? undefined : IDENTITY_MESSAGES.profileNameInvalid);

export const currentPasswordRule: Rule = (value) => (value ? undefined : IDENTITY_MESSAGES.currentPasswordRequired);

