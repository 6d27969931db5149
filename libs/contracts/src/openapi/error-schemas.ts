import { ERROR_CODES } from '../error-codes.js';
import type { JsonSchema } from './openapi-types.js';

/**
 * The error bodies of platform-core section 7: `{ error, code? }` (some routes add named fields such
 * as `limit`, `used`, `resetsAt`, hence additionalProperties), and OpenAI's shape on /api/v1/gateway.
 */
export const ERROR_SCHEMAS: Record<'PlatformError' | 'OpenAiError', JsonSchema> = {
  PlatformError: {
    type: 'object',
    required: ['error'],
    properties: {
      error: { type: 'string', description: 'What went wrong, in the words the spec gives.' },
      code: { type: 'string', enum: Object.values(ERROR_CODES) },
      success: { const: false },
    },
  },
  OpenAiError: {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['message', 'type', 'param', 'code'],
        properties: {
          message: { type: 'string' },
          type: { type: 'string' },
          param: { type: ['string', 'null'] },
          code: { type: ['string', 'null'] },
        },
      },
    },
  },
};
