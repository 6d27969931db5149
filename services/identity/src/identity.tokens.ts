export const IDENTITY_ENV = Symbol('IDENTITY_ENV');
