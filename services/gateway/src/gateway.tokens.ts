export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
export const SURFACE = Symbol('SURFACE');
