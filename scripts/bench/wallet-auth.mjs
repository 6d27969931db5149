// npm run bench:wallet-auth: wallet sign-ins (POST /api/wallet-auth) verified per second through the
// gateway, by BENCH_SENDERS concurrent senders, for EOA signatures and for ERC-6492 signatures of
// smart wallets not yet deployed (each an eth_call on the sandbox's chain node).
//
//   BENCH_WALLET_SIGNINS  sign-ins per kind (default 300; each a new wallet, so each creates a user)
//   BENCH_SENDERS         concurrent senders (default 20)
//   BENCH_DATABASE_URL    as in bench.mjs (platform_bench_wallet is dropped and migrated afresh)
//
// Starts sandbox + identity + gateway on their own ports with benchwal.-prefixed NATS subjects and
// benchwal:-prefixed Redis keys. Nonces are fetched and messages signed before the clock starts, so
// the figures are the platform's (parse, nonce, signature check, user, session), not the signer's.
import { pool, timedPool } from './concurrency.mjs';
import { call, clientIp } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13030, BACKEND_PORT: 14030, SUMMARIZER_PORT: 13130, SANDBOX_PORT: 14630 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const CHAIN_ID = 42431;
const DOMAIN = 'localhost:3000';
const PREPARE_CONCURRENCY = 8;

/** One signed sign-in ready to send: a fresh wallet (EOA or undeployed smart wallet), a nonce, its message and signature. */
async function prepared(kind, index, viem) {
  const { accounts, siwe, serializeErc6492Signature } = viem;
  const owner = accounts.privateKeyToAccount(accounts.generatePrivateKey());
  const ip = clientIp(index + (kind === 'eoa' ? 1 : 100_000));
  const nonce = (await call('GET', `${WEB}/api/auth/nonce`, { headers: { 'x-forwarded-for': ip } })).json?.nonce;
  if (!nonce) throw new Error('no nonce');
  let address = owner.address;
  let wallet;
  if (kind === 'erc6492') {
    wallet = (await call('GET', `${SANDBOX}/chain/smart-wallets?chainId=${CHAIN_ID}&owner=${owner.address}`)).json;
    address = wallet.address;
  }
  const message = siwe.createSiweMessage({
    address, chainId: CHAIN_ID, domain: DOMAIN, uri: `http://${DOMAIN}/login`, version: '1', nonce,
    issuedAt: new Date(), expirationTime: new Date(Date.now() + 9 * 60_000),
  });
  const signed = await owner.signMessage({ message });
  const signature = wallet ? serializeErc6492Signature({ address: wallet.factory, data: wallet.factoryData, signature: signed }) : signed;
  return { ip, body: { address, message, signature } };
}

async function run(kind, count, senders, viem) {
  const signIns = await pool(Array.from({ length: count }, (_, index) => index), PREPARE_CONCURRENCY, (index) => prepared(kind, index, viem));
  return timedPool(signIns, senders, async ({ ip, body }) => {
    const response = await call('POST', `${WEB}/api/wallet-auth`, { body, headers: { 'x-forwarded-for': ip } });
    return response.status === 200 ? null : response.status;
  });
}

async function main() {
  const count = setting('BENCH_WALLET_SIGNINS', 300, { integer: true });
  const senders = setting('BENCH_SENDERS', 20, { integer: true });
  const viem = { ...(await import('viem')), accounts: await import('viem/accounts'), siwe: await import('viem/siwe') };
  const platform = {
    label: 'bench:wallet-auth', database: 'platform_bench_wallet', prefix: 'benchwal', ports: PORTS, internalKey: 'bench-wallet-key',
    services: ['sandbox', 'identity', 'gateway'],
    env: { APP_URL: `http://${DOMAIN}`, NETWORK_TESTNET: 'true', NETWORK_RPC_URL: `${SANDBOX}/chain/${CHAIN_ID}`, BASE_RPC_URL: `${SANDBOX}/chain/84532` },
    ready: { what: 'identity over NATS (GET /api/auth/nonce answers 200)', check: async () => (await call('GET', `${WEB}/api/auth/nonce`)).status === 200 },
  };
  await withScenarioPlatform(platform, async () => {
    console.log(`bench:wallet-auth: ${count} EOA sign-ins by ${senders} senders...`);
    const eoa = await run('eoa', count, senders, viem);
    console.log(`bench:wallet-auth: ${count} ERC-6492 sign-ins by ${senders} senders...`);
    const erc6492 = await run('erc6492', count, senders, viem);
    const result = { signIns: count, senders, eoa, erc6492 };
    console.log(`\nWallet sign-in, ${senders} senders: EOA ${eoa.perSec}/s (p50 ${eoa.p50Ms} ms, p99 ${eoa.p99Ms} ms); ERC-6492 ${erc6492.perSec}/s (p50 ${erc6492.p50Ms} ms, p99 ${erc6492.p99Ms} ms)`);
    console.log(resultLine({ scenario: 'wallet-auth', ...result }));
    const failed = Object.keys(eoa.failed).length + Object.keys(erc6492.failed).length;
    if (failed > 0) throw new Error(`sign-ins failed: ${JSON.stringify({ eoa: eoa.failed, erc6492: erc6492.failed })}`);
  });
}

runScenario('bench:wallet-auth', main);
