export const AI_GATEWAY_ENV = Symbol('AI_GATEWAY_ENV');
