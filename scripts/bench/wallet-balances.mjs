// npm run bench:wallet-balances: GET /api/wallet?address= answered per second through the gateway
// against the sandbox's stablecoin network node, by BENCH_SENDERS concurrent senders, with the
// wallet's per-address cache on (WALLET_BALANCE_CACHE_MS, default 3000) and off (0: every request
// is one multicall eth_call on the node).
//
//   BENCH_BALANCE_REQUESTS  requests per run (default 3000)
//   BENCH_BALANCE_ADDRESSES distinct funded addresses the requests cycle through (default 20: a busy
//                           page's few wallets, polled over and over)
//   BENCH_SENDERS           concurrent senders (default 20)
//   BENCH_DATABASE_URL      as in bench.mjs (platform_bench_balances is dropped and migrated afresh)
//
// Each run boots sandbox + identity + wallet + gateway on their own ports with benchbal.-prefixed
// NATS subjects and benchbal:-prefixed Redis keys; the addresses are funded (3 stablecoins each)
// before the clock starts.
import { randomBytes } from 'node:crypto';
import { timedPool } from './concurrency.mjs';
import { call, clientIp } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13050, BACKEND_PORT: 14050, SUMMARIZER_PORT: 13150, SANDBOX_PORT: 14650 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const CHAIN_ID = 42431;
const CACHED_MS = '3000';
/** pathUSD, alphaUSD and USDC.e (STABLECOINS in libs/chain): the answer lists three tokens. */
const FUNDED_TOKENS = ['0x20c0000000000000000000000000000000000000', '0x20c0000000000000000000000000000000000001', '0x20c000000000000000000000b9537d11c60e8b50'];

async function fundedAddresses(count, accounts) {
  const addresses = Array.from({ length: count }, () => accounts.privateKeyToAccount(accounts.generatePrivateKey()).address);
  for (const to of addresses) {
    for (const token of FUNDED_TOKENS) {
      const funded = await call('POST', `${SANDBOX}/chain/fund`, { body: { chainId: CHAIN_ID, token, to, amount: '10' } });
      if (funded.status !== 200) throw new Error(`fund ${to}: ${funded.status} ${JSON.stringify(funded.json)}`);
    }
  }
  return addresses;
}

async function run(cacheMs, { requests, addressCount, senders, accounts }) {
  const platform = {
    label: 'bench:wallet-balances', database: 'platform_bench_balances', prefix: 'benchbal', ports: PORTS, internalKey: 'bench-balances-key',
    services: ['sandbox', 'identity', 'wallet', 'gateway'],
    env: {
      NETWORK_TESTNET: 'true', NETWORK_RPC_URL: `${SANDBOX}/chain/${CHAIN_ID}`, BASE_RPC_URL: `${SANDBOX}/chain/84532`,
      SECRETS_KEY: randomBytes(32).toString('base64'), WALLET_BALANCE_CACHE_MS: cacheMs,
    },
    ready: {
      what: 'the wallet over NATS (GET /api/wallet/custodial answers 200) and the sandbox\'s chains (GET /chain)',
      check: async () => (await call('GET', `${WEB}/api/wallet/custodial`)).status === 200 && (await call('GET', `${SANDBOX}/chain`)).status === 200,
    },
  };
  return withScenarioPlatform(platform, async () => {
    const addresses = await fundedAddresses(addressCount, accounts);
    console.log(`bench:wallet-balances: WALLET_BALANCE_CACHE_MS=${cacheMs}, ${requests} requests over ${addressCount} addresses by ${senders} senders...`);
    return timedPool(Array.from({ length: requests }, (_, index) => addresses[index % addresses.length]), senders, async (address, index) => {
      const response = await call('GET', `${WEB}/api/wallet?address=${address}`, { headers: { 'x-forwarded-for': clientIp(index + 1) } });
      return response.status === 200 && response.json?.totalUsd === '30.00' ? null : response.status;
    });
  });
}

async function main() {
  const options = {
    requests: setting('BENCH_BALANCE_REQUESTS', 3000, { integer: true }),
    addressCount: setting('BENCH_BALANCE_ADDRESSES', 20, { integer: true }),
    senders: setting('BENCH_SENDERS', 20, { integer: true }),
    accounts: await import('viem/accounts'),
  };
  const cached = await run(CACHED_MS, options);
  // Built once by the first run.
  process.env.BENCH_BUILT = '1';
  const uncached = await run('0', options);
  const { requests, addressCount, senders } = options;
  console.log(`\nWallet balances, ${senders} senders over ${addressCount} addresses: cache ${CACHED_MS} ms ${cached.perSec}/s (p50 ${cached.p50Ms} ms, p99 ${cached.p99Ms} ms); no cache ${uncached.perSec}/s (p50 ${uncached.p50Ms} ms, p99 ${uncached.p99Ms} ms)`);
  console.log(resultLine({ scenario: 'wallet-balances', requests, addresses: addressCount, senders, cached, uncached }));
  const failed = Object.keys(cached.failed).length + Object.keys(uncached.failed).length;
  if (failed > 0) throw new Error(`requests failed: ${JSON.stringify({ cached: cached.failed, uncached: uncached.failed })}`);
}

runScenario('bench:wallet-balances', main);
