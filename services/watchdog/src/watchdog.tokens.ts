export const WATCHDOG_ENV = Symbol('WATCHDOG_ENV');
