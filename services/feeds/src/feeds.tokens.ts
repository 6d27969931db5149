export const FEEDS_ENV = Symbol('FEEDS_ENV');
