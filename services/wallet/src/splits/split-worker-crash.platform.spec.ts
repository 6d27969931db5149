import {
  baseChain, BEARER, fundGas, fundUsdc, newAddress, newAgentWallet, ownerQuery, RpcForwarder, settledSplit, TestPlatform, USDC_ADDRESS, usdcOf, waitUntil,
} from '@platform/testing';
import { parseAbiItem, type PublicClient } from 'viem';

/** Receipts are given up on quickly and a dead worker's job comes back in seconds. */
const FAST_RECOVERY = { WALLET_RECEIPT_TIMEOUT_MS: '300', WALLET_SPLIT_LOCK_DURATION_MS: '2000', WALLET_SPLIT_STALLED_INTERVAL_MS: '1000' };

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

interface StoredTransfer {
  position: number;
  status: string;
  tx_hash: string | null;
}

describe('split worker killed after the first transfer', () => {
  let platform: TestPlatform;
  let rpc: RpcForwarder;
  let chain: PublicClient;

  beforeAll(async () => {
    platform = await TestPlatform.start({ processes: ['wallet'] });
    rpc = await RpcForwarder.start(platform.sandbox.chain.rpcUrls[84532]!);
    await platform.startService('wallet', { BASE_RPC_URL: rpc.url, WALLET_TREASURY_KEY: platform.sandbox.chain.treasury.privateKey, ...FAST_RECOVERY });
    chain = baseChain(platform);
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
    await rpc?.close();
  });

  it('pays the others exactly once on restart, the signed second transfer with its stored bytes', async () => {
    const wallet = await newAgentWallet(platform);
    // Gas of its own: the first transaction the wallet service sends is the first recipient's.
    await Promise.all([fundUsdc(platform, wallet.address, '10'), fundGas(platform, wallet.address, '0.01')]);
    const recipients = [newAddress(), newAddress(), newAddress()];
    const stored = () => ownerQuery<StoredTransfer>(platform.env,
      `SELECT position, status, tx_hash FROM wallet.transfers WHERE purpose = 'split' AND purpose_id = $1 ORDER BY position`, [String(splitId)]);

    rpc.dropAfter('eth_sendRawTransaction', 1);
    const queued = await platform.backend().post('/api/underground/splits', {
      userId: wallet.userId, agentId: wallet.agentId, fromAddress: wallet.address, name: 'Crash', totalAmount: '10',
      recipients: [{ address: recipients[0], share: 50 }, { address: recipients[1], share: 30 }, { address: recipients[2], share: 20 }],
    }, BEARER);
    const splitId: number = queued.body.splitId;
    const beforeKill = await waitUntil('the second transfer signed and its sending lost', stored, (rows) => rows[1]?.status === 'signed');
    expect(beforeKill.map((row) => row.status)).toEqual(['confirmed', 'signed', 'planned']);
    expect(await Promise.all(recipients.map((address) => usdcOf(chain, address)))).toEqual([5_000_000n, 0n, 0n]);

    await platform.kill('wallet');
    rpc.restore();
    await platform.startService('wallet');

    const split = await settledSplit(platform, splitId, 60_000);
    expect(split.status).toBe('completed');
    expect(await Promise.all(recipients.map((address) => usdcOf(chain, address)))).toEqual([5_000_000n, 3_000_000n, 2_000_000n]);
    expect(await usdcOf(chain, wallet.address)).toBe(0n);
    const afterRestart = await stored();
    expect(afterRestart.map((row) => row.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(afterRestart[1]!.tx_hash).toBe(beforeKill[1]!.tx_hash);
    const sent = await chain.getLogs({ address: USDC_ADDRESS, event: TRANSFER_EVENT, args: { from: wallet.address }, fromBlock: 0n });
    expect(sent.map((log) => log.args.to).sort()).toEqual([...recipients].sort());
    expect(new Set(sent.map((log) => log.transactionHash))).toEqual(new Set(afterRestart.map((row) => row.tx_hash)));
  });
});
