import { MEDIA_MESSAGES } from '@contracts/media/media-messages.js';
import type { Rule } from './validation.js';

/** CreateStreamDto's bound; an empty name is left out, and the API calls the DJ "Anonymous DJ". */
export const STREAM_NAME_MAX = 64;

export const streamNameRule: Rule = (value) => (value.length <= STREAM_NAME_MAX ? undefined : MEDIA_MESSAGES.nameInvalid);
