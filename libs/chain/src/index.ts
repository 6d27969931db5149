export * from './chain-clients.js';
export * from './chains.js';
export * from './erc20-balance.js';
export * from './gate-token.js';
export * from './stablecoins.js';
export * from './usdc.js';
export * from './verify-signature.js';
export * from './platform-chains.js';
