// npm run bench:wallet-splits: royalty splits settled per second, 3 recipients each: POST
// /api/underground/splits by BENCH_SENDERS concurrent senders, the wallet service's `wallet.splits`
// worker paying each recipient in USDC on the sandbox's base-sepolia node and waiting for receipts.
//
//   BENCH_SPLITS          splits to settle (default 200)
//   BENCH_SPLIT_WALLETS   agent wallets they are spread over (default 20; one wallet's transfers take its nonces in turn)
//   BENCH_SENDERS         concurrent senders (default 20)
//   BENCH_DATABASE_URL    as in bench.mjs (platform_bench_splits is dropped and migrated afresh)
//
// Starts sandbox + identity + wallet + gateway on their own ports with benchsplit.-prefixed NATS
// subjects and benchsplit:-prefixed Redis keys. The agent wallets are made and funded (USDC and gas)
// before the clock starts; the clock stops when the last split is completed or failed. Afterwards
// every recipient's and wallet's USDC is read on chain: each must hold exactly what the splits say.
import { randomBytes, randomUUID } from 'node:crypto';
import { pool, percentile } from './concurrency.mjs';
import { call, clientIp } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13060, BACKEND_PORT: 14060, SUMMARIZER_PORT: 13160, SANDBOX_PORT: 14660 };
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const INTERNAL_KEY = 'bench-splits-key';
const BEARER = { authorization: `Bearer ${INTERNAL_KEY}` };
const BASE_SEPOLIA = 84532;
const USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
/** anvil's development account #0, the sandbox's treasury: public, sandbox money only (docs/sandbox.md). */
const TREASURY_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** Each split pays 3 USDC: 0.9999, 0.9999 and 1.0002 (33.33 / 33.33 / 33.34). */
const SPLIT_TOTAL = '3';
const SPLIT_UNITS = 3_000_000n;
const SHARES = [33.33, 33.33, 33.34];
const PREPARE_CONCURRENCY = 8;
const READ_CONCURRENCY = 20;

async function fund(to, amount, token) {
  const answer = await call('POST', `${SANDBOX}/chain/fund`, { body: { chainId: BASE_SEPOLIA, to, amount, ...(token ? { token } : {}) } });
  if (answer.status !== 200) throw new Error(`fund ${to}: ${answer.status} ${answer.text}`);
}

/** An agent wallet for `splits` splits, made through the route. */
async function agentWallet(index, splits) {
  const body = { userId: randomUUID(), agentId: `bench-agent-${index}` };
  const made = await call('POST', `${BACKEND}/api/underground/wallets`, { body, headers: { ...BEARER, 'x-forwarded-for': clientIp(index + 1) } });
  if (made.status !== 201) throw new Error(`agent wallet: ${made.status} ${made.text}`);
  return { ...body, address: made.json.address, splits };
}

/** USDC for the wallet's splits and gas of its own, one hook call at a time: the sandbox's hooks send from one account. */
async function fundWallet(wallet) {
  await fund(wallet.address, String(wallet.splits * Number(SPLIT_TOTAL)), USDC);
  await fund(wallet.address, '1');
}

async function main() {
  const count = setting('BENCH_SPLITS', 200, { integer: true });
  const walletCount = Math.min(count, setting('BENCH_SPLIT_WALLETS', 20, { integer: true }));
  const senders = setting('BENCH_SENDERS', 20, { integer: true });
  const viem = { ...(await import('viem')), accounts: await import('viem/accounts'), chains: await import('viem/chains') };
  const platform = {
    label: 'bench:wallet-splits', database: 'platform_bench_splits', prefix: 'benchsplit', ports: PORTS, internalKey: INTERNAL_KEY,
    services: ['sandbox', 'identity', 'wallet', 'gateway'],
    env: {
      SECRETS_KEY: randomBytes(32).toString('base64'), WALLET_TREASURY_KEY: TREASURY_KEY,
      NETWORK_TESTNET: 'true', NETWORK_RPC_URL: `${SANDBOX}/chain/42431`, BASE_RPC_URL: `${SANDBOX}/chain/${BASE_SEPOLIA}`,
    },
    // The wallet service refuses an empty body: it answers over NATS.
    ready: {
      what: 'wallet over NATS (POST /api/underground/wallets answers 400) and the sandbox\'s chains (GET /chain)',
      check: async () => (await call('POST', `${BACKEND}/api/underground/wallets`, { body: {}, headers: BEARER })).status === 400
        && (await call('GET', `${SANDBOX}/chain`)).status === 200,
    },
  };
  await withScenarioPlatform(platform, async ({ databaseUrl }) => {
    const pg = (await import('pg')).default;
    const chain = viem.createPublicClient({ chain: viem.chains.baseSepolia, transport: viem.http(`${SANDBOX}/chain/${BASE_SEPOLIA}`) });
    const usdcOf = (owner) => chain.readContract({ address: USDC, abi: viem.erc20Abi, functionName: 'balanceOf', args: [owner] });
    console.log(`bench:wallet-splits: funding ${walletCount} agent wallets...`);
    const perWallet = Array.from({ length: walletCount }, (_, index) => Math.floor(count / walletCount) + (index < count % walletCount ? 1 : 0));
    const wallets = await pool(perWallet, PREPARE_CONCURRENCY, (splits, index) => agentWallet(index, splits));
    for (const wallet of wallets) await fundWallet(wallet);
    const splits = wallets.flatMap((wallet) => Array.from({ length: wallet.splits }, () => ({
      wallet, recipients: SHARES.map((share) => ({ address: viem.accounts.privateKeyToAccount(viem.accounts.generatePrivateKey()).address, share })),
    })));

    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      console.log(`bench:wallet-splits: ${count} splits of 3 recipients by ${senders} senders...`);
      const started = performance.now();
      await pool(splits, senders, async ({ wallet, recipients }, index) => {
        const body = { userId: wallet.userId, agentId: wallet.agentId, fromAddress: wallet.address, name: `bench ${index}`, totalAmount: SPLIT_TOTAL, recipients };
        const queued = await call('POST', `${BACKEND}/api/underground/splits`, { body, headers: { ...BEARER, 'x-forwarded-for': clientIp(100_000 + index) } });
        if (queued.status !== 200) throw new Error(`split: ${queued.status} ${queued.text}`);
      });
      const queuedSeconds = (performance.now() - started) / 1000;
      for (;;) {
        const { rows: [row] } = await database.query(`SELECT count(*) FILTER (WHERE status IN ('completed', 'failed')) AS n FROM wallet.splits`);
        if (Number(row.n) >= count) break;
        if (performance.now() - started > 4 * 60_000) throw new Error(`${row.n} of ${count} splits settled after 4 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seconds = (performance.now() - started) / 1000;
      const { rows } = await database.query(`SELECT status, extract(epoch FROM updated_at - created_at) * 1000 AS ms FROM wallet.splits`);
      const completed = rows.filter((row) => row.status === 'completed').length;
      const latencies = rows.map((row) => Number(row.ms));

      // Exactly what the splits say, on chain: each recipient its amount, each wallet its funding less its splits.
      const expected = splits.flatMap(({ recipients }) => [[recipients[0].address, 999_900n], [recipients[1].address, 999_900n], [recipients[2].address, 1_000_200n]]);
      const paid = await pool(expected, READ_CONCURRENCY, async ([address, amount]) => (await usdcOf(address)) === amount);
      const left = await pool(wallets, READ_CONCURRENCY, async (wallet) => (await usdcOf(wallet.address)) === 0n);
      const result = {
        splits: count, wallets: walletCount, senders,
        settledPerSec: Math.round((count / seconds) * 10) / 10,
        transfersPerSec: Math.round((3 * count) / seconds),
        queuedPerSec: Math.round(count / queuedSeconds),
        settleP50Ms: Math.round(percentile(latencies, 50)),
        settleP99Ms: Math.round(percentile(latencies, 99)),
        completed,
        exact: paid.every(Boolean) && left.every(Boolean),
      };
      console.log(`\nSplits, 3 recipients each, ${senders} senders over ${walletCount} wallets: ${result.settledPerSec} settled/s (${result.transfersPerSec} USDC transfers/s; queued at ${result.queuedPerSec}/s); queued to settled p50 ${result.settleP50Ms} ms, p99 ${result.settleP99Ms} ms; ${completed}/${count} completed; on-chain amounts exact: ${result.exact}`);
      console.log(resultLine({ scenario: 'wallet-splits', ...result }));
      if (completed !== count || !result.exact) throw new Error('splits did not all settle with their exact amounts');
    } finally {
      await database.end();
    }
  });
}

runScenario('bench:wallet-splits', main);
