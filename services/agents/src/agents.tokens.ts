export const AGENTS_ENV = Symbol('AGENTS_ENV');
