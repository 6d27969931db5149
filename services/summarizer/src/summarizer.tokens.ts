export const SUMMARIZER_ENV = Symbol('SUMMARIZER_ENV');
