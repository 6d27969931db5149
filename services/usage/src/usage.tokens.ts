export const USAGE_ENV = Symbol('USAGE_ENV');
