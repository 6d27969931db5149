export const MEDIA_ENV = Symbol('MEDIA_ENV');
