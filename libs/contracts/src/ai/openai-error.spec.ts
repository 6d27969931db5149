import { openAiError } from './openai-error.js';

describe('openAiError', () => {
  it.each([
    [401, undefined, 'invalid_request_error', 'invalid_api_key'],
    [402, 'PLAN_REQUIRED', 'invalid_request_error', 'plan_required'],
    [402, 'SUBSCRIPTION_REQUIRED', 'invalid_request_error', 'subscription_required'],
    [403, 'MODEL_RESTRICTED', 'invalid_request_error', 'model_restricted'],
    [403, undefined, 'invalid_request_error', 'permission_denied'],
    [404, 'MODEL_NOT_FOUND', 'invalid_request_error', 'model_not_found'],
    [413, undefined, 'invalid_request_error', 'request_too_large'],
    [429, undefined, 'requests', 'rate_limit_exceeded'],
    [429, 'QUOTA_EXCEEDED', 'insufficient_quota', 'insufficient_quota'],
    [429, 'SPEND_CAP_REACHED', 'insufficient_quota', 'insufficient_quota'],
    [400, undefined, 'invalid_request_error', null],
    [500, undefined, 'server_error', null],
    [502, undefined, 'server_error', null],
    [503, undefined, 'server_error', 'service_unavailable'],
  ])('maps %i with code %s to type %s and code %s', (status, code, type, openAiCode) => {
    expect(openAiError(status, { error: 'words', code })).toEqual({ error: { message: 'words', type, param: null, code: openAiCode } });
  });

  it('reads a code it does not know by the status', () => {
    expect(openAiError(402, { error: 'Pay', code: 'AGENT_LIMIT_REACHED' }).error.code).toBeNull();
  });
});
