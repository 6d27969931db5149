export const SCHEDULER_ENV = Symbol('SCHEDULER_ENV');
