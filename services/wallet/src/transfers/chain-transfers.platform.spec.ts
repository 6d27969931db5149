import { randomUUID } from 'node:crypto';
import { RpcForwarder, TestPlatform } from '@platform/testing';
import { Db } from '@platform/database';
import { createPublicClient, http, type Address, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { ChainTransfers, TransferPendingError } from './chain-transfers.js';
import { TransferEntity } from './transfer.entity.js';

let platform: TestPlatform;
let rpc: RpcForwarder;
let transfers: ChainTransfers;
let db: Db;
let chain: PublicClient;
/** The platform treasury (the sandbox's): native currency on every chain. */
let sender: Address;

beforeAll(async () => {
  platform = await TestPlatform.start();
  const node = String(platform.env.BASE_RPC_URL);
  rpc = await RpcForwarder.start(node);
  await platform.startService('wallet', { BASE_RPC_URL: rpc.url, WALLET_RECEIPT_TIMEOUT_MS: '300' });
  sender = platform.sandbox.chain.treasury.address;
  transfers = platform.provider('wallet', ChainTransfers);
  db = platform.provider('wallet', Db);
  chain = createPublicClient({ chain: baseSepolia, transport: http(node) }) as PublicClient;
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await rpc?.close();
});

afterEach(() => rpc.restore());

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

const plan = (to: Address, amount: bigint, purposeId = randomUUID(), position = 0) => db.asSystem((manager) => transfers.plan(manager, {
  userId: null, chainId: baseSepolia.id, token: null, from: sender, to, amount, purpose: 'gas', purposeId, position,
}));

const stored = (id: string) => db.asSystem((manager) => manager.findOneByOrFail(TransferEntity, { id }));

describe('ChainTransfers', () => {
  it('sends a planned transfer once and records it confirmed with its nonce and hash', async () => {
    const to = newAddress();
    const transfer = await plan(to, 1234n);

    const done = await transfers.execute(transfer.id);

    expect(done).toMatchObject({ status: 'confirmed', error: null, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), nonce: expect.any(Number) });
    expect(await chain.getBalance({ address: to })).toBe(1234n);
    const receipt = await chain.getTransactionReceipt({ hash: done.txHash as `0x${string}` });
    expect(receipt.status).toBe('success');
  });

  it('is the same transfer when planned again under the same purpose', async () => {
    const purposeId = randomUUID();
    const first = await plan(newAddress(), 5n, purposeId);
    const again = await plan(newAddress(), 6n, purposeId);

    expect(again.id).toBe(first.id);
    expect(again.amount).toBe(5n);
  });

  it('executing a confirmed transfer again pays nothing more', async () => {
    const to = newAddress();
    const transfer = await plan(to, 700n);
    await transfers.execute(transfer.id);

    await transfers.execute(transfer.id);

    expect(await chain.getBalance({ address: to })).toBe(700n);
  });

  it('sends the stored transaction when the node never got it (a worker died before sending), and pays once', async () => {
    const to = newAddress();
    const transfer = await plan(to, 900n);
    rpc.drop('eth_sendRawTransaction');

    await expect(transfers.execute(transfer.id)).rejects.toBeInstanceOf(TransferPendingError);
    const signed = await stored(transfer.id);
    expect(signed).toMatchObject({ status: 'signed', txHash: expect.any(String), nonce: expect.any(Number) });
    expect(await chain.getBalance({ address: to })).toBe(0n);

    rpc.restore();
    const done = await transfers.execute(transfer.id);

    expect(done).toMatchObject({ status: 'confirmed', txHash: signed.txHash, nonce: signed.nonce });
    expect(await chain.getBalance({ address: to })).toBe(900n);
  });

  it('finds the mined transaction when its outcome was never recorded (a worker died after sending), and pays once', async () => {
    const to = newAddress();
    const transfer = await plan(to, 333n);
    const done = await transfers.execute(transfer.id);
    await db.asSystem((manager) => manager.update(TransferEntity, { id: transfer.id }, { status: 'signed' }));
    const sentBefore = rpc.count('eth_sendRawTransaction');

    const again = await transfers.execute(transfer.id);

    expect(again).toMatchObject({ status: 'confirmed', txHash: done.txHash });
    expect(rpc.count('eth_sendRawTransaction')).toBe(sentBefore);
    expect(await chain.getBalance({ address: to })).toBe(333n);
  });

  it('gives concurrent transfers from one sender consecutive nonces, all mined', async () => {
    const recipients = [newAddress(), newAddress(), newAddress(), newAddress()];
    const planned = await Promise.all(recipients.map((to, index) => plan(to, BigInt(100 + index))));

    const done = await Promise.all(planned.map((transfer) => transfers.execute(transfer.id)));

    expect(done.map((transfer) => transfer.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    const nonces = done.map((transfer) => transfer.nonce!).sort((a, b) => a - b);
    expect(nonces).toEqual([nonces[0], nonces[0]! + 1, nonces[0]! + 2, nonces[0]! + 3]);
    expect(await Promise.all(recipients.map((address) => chain.getBalance({ address })))).toEqual([100n, 101n, 102n, 103n]);
  });

  it('fails a transfer from a wallet the platform does not hold, with the reason, and sends nothing', async () => {
    const transfer = await db.asSystem((manager) => transfers.plan(manager, {
      userId: null, chainId: baseSepolia.id, token: null, from: newAddress(), to: newAddress(), amount: 1n, purpose: 'gas', purposeId: randomUUID(),
    }));

    const done = await transfers.execute(transfer.id);

    expect(done).toMatchObject({ status: 'failed', error: 'The platform does not hold the sending wallet', txHash: null });
  });
});
