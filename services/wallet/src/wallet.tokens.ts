export const WALLET_ENV = Symbol('WALLET_ENV');
