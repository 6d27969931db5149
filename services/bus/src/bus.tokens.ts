export const BUS_ENV = Symbol('BUS_ENV');
