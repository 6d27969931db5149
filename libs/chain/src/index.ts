export * from './chain-clients.js';
export * from './chains.js';
export * from './erc20-balance.js';
export * from './gate-token.js';
export * from './stablecoins.js';
export * from './verify-signature.js';
