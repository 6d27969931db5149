export const BILLING_ENV = Symbol('BILLING_ENV');
