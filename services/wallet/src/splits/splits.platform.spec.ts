import { randomUUID } from 'node:crypto';
import { insufficientBalanceReason, SPLIT_MESSAGES as M, type SplitView } from '@platform/contracts';
import {
  type AgentWallet, baseChain, BEARER, fundGas, fundUsdc, newAddress, newAgentWallet, ownerQuery, settledSplit, type TestClient, TestPlatform, usdcOf,
} from '@platform/testing';
import type { Address, PublicClient } from 'viem';
import { SplitsWorker } from './splits.worker.js';

let platform: TestPlatform;
let backend: TestClient;
let chain: PublicClient;

beforeAll(async () => {
  platform = await TestPlatform.start();
  await platform.startService('wallet', { WALLET_TREASURY_KEY: platform.sandbox.chain.treasury.privateKey });
  backend = platform.backend();
  chain = baseChain(platform);
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const post = (body: unknown, headers: Record<string, string> = BEARER) => backend.post('/api/underground/splits', body, headers);

const splitOf = (wallet: AgentWallet, totalAmount: string, recipients: Array<{ address: string; share: number }>) =>
  ({ userId: wallet.userId, agentId: wallet.agentId, fromAddress: wallet.address, name: 'Royalties', totalAmount, recipients });

const threeWays = (): Array<{ address: Address; share: number }> =>
  [{ address: newAddress(), share: 33.33 }, { address: newAddress(), share: 33.33 }, { address: newAddress(), share: 33.34 }];

describe('POST /api/underground/splits', () => {
  it('pays 3 recipients their exact amounts on chain, the unit rounding leaves to the largest share', async () => {
    const wallet = await newAgentWallet(platform);
    await fundUsdc(platform, wallet.address, '25');
    const recipients = threeWays();

    const queued = await post(splitOf(wallet, '10.000001', recipients));

    expect(queued.status).toBe(200);
    expect(queued.body).toEqual({ success: true, splitId: expect.any(Number), status: 'queued' });
    const split = await settledSplit(platform, queued.body.splitId);
    expect(split).toMatchObject({ status: 'completed', reason: null, totalAmount: '10.000001', fromAddress: wallet.address });
    expect(split.recipients).toEqual([
      { address: recipients[0]!.address, share: 33.33, amount: '3.333', status: 'confirmed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
      { address: recipients[1]!.address, share: 33.33, amount: '3.333', status: 'confirmed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
      { address: recipients[2]!.address, share: 33.34, amount: '3.334001', status: 'confirmed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    ]);
    expect(await Promise.all(recipients.map(({ address }) => usdcOf(chain, address)))).toEqual([3_333_000n, 3_333_000n, 3_334_001n]);
    expect(await usdcOf(chain, wallet.address)).toBe(25_000_000n - 10_000_001n);
    const receipts = await Promise.all(split.recipients.map(({ txHash }) => chain.getTransactionReceipt({ hash: txHash as `0x${string}` })));
    expect(receipts.map((receipt) => [receipt.status, receipt.from])).toEqual(Array(3).fill(['success', wallet.address.toLowerCase()]));
    // A new wallet holds no gas: the treasury sent what the three transfers cost, and some is left.
    expect(await chain.getBalance({ address: wallet.address })).toBeGreaterThan(0n);
  });

  it('sends no gas to a wallet that holds enough of its own', async () => {
    const wallet = await newAgentWallet(platform);
    await Promise.all([fundUsdc(platform, wallet.address, '1'), fundGas(platform, wallet.address, '0.01')]);

    const queued = await post(splitOf(wallet, '1', threeWays()));

    expect(await settledSplit(platform, queued.body.splitId)).toMatchObject({ status: 'completed' });
    expect(await chain.getBalance({ address: wallet.address })).toBeLessThan(10n ** 16n);
  });

  it('fails a split larger than the balance with the reason, and sends nothing', async () => {
    const wallet = await newAgentWallet(platform);
    await fundUsdc(platform, wallet.address, '5');
    const recipients = threeWays();

    const queued = await post(splitOf(wallet, '6', recipients));

    const split = await settledSplit(platform, queued.body.splitId);
    expect(split).toMatchObject({ status: 'failed', reason: insufficientBalanceReason('5', '6') });
    expect(split.recipients.map(({ status, txHash }) => [status, txHash])).toEqual(Array(3).fill(['pending', null]));
    expect(await Promise.all(recipients.map(({ address }) => usdcOf(chain, address)))).toEqual([0n, 0n, 0n]);
    expect(await usdcOf(chain, wallet.address)).toBe(5_000_000n);
  });

  it('counts USDC another split of the wallet has not sent yet as spent', async () => {
    const wallet = await newAgentWallet(platform);
    await fundUsdc(platform, wallet.address, '4');

    const [first, second] = await Promise.all([post(splitOf(wallet, '3', threeWays())), post(splitOf(wallet, '3', threeWays()))]);

    const settled = await Promise.all([first, second].map((queued) => settledSplit(platform, queued.body.splitId)));
    expect(settled.map((split) => split.status).sort()).toEqual(['completed', 'failed']);
    expect(settled.find((split) => split.status === 'failed')!.reason).toMatch(/^Insufficient balance: /);
    expect(await usdcOf(chain, wallet.address)).toBe(1_000_000n);
  });

  it('does not count a transfer already mined but still recorded as signed as spent again', async () => {
    const wallet = await newAgentWallet(platform);
    await fundUsdc(platform, wallet.address, '2');
    const first = await post(splitOf(wallet, '1', threeWays()));
    await settledSplit(platform, first.body.splitId);
    // What a worker killed between a receipt and recording it leaves: mined on chain, `signed` in the row.
    await ownerQuery(platform.env, `UPDATE wallet.transfers SET status = 'signed' WHERE purpose = 'split' AND purpose_id = $1`, [String(first.body.splitId)]);

    const second = await post(splitOf(wallet, '1', threeWays()));

    expect(await settledSplit(platform, second.body.splitId)).toMatchObject({ status: 'completed', reason: null });
    expect(await usdcOf(chain, wallet.address)).toBe(0n);
  });

  it('pays out on the next sweep a split whose job was lost', async () => {
    const wallet = await newAgentWallet(platform);
    await fundUsdc(platform, wallet.address, '1');
    const recipient = newAddress();
    // What Redis losing its queue leaves: the split stored an hour ago, no job for it.
    const [lost] = await ownerQuery<{ id: number }>(platform.env,
      `INSERT INTO wallet.splits (user_id, agent_id, from_address, name, total_amount, recipients, updated_at)
       VALUES ($1, $2, $3, 'Lost job', 1000000, $4, now() - interval '1 hour') RETURNING id`,
      [wallet.userId, wallet.agentId, wallet.address, JSON.stringify([{ address: recipient, share: 100, amount: '1000000' }])]);

    await platform.provider('wallet', SplitsWorker).sweeps.sweep();

    expect(await settledSplit(platform, lost!.id)).toMatchObject({ status: 'completed', recipients: [{ address: recipient, status: 'confirmed' }] });
    expect(await usdcOf(chain, recipient)).toBe(1_000_000n);
  });

  it('returns 401 without the bearer key', async () => {
    const response = await post({}, {});

    expect(response.status).toBe(401);
  });

  describe('returns 400', () => {
    let wallet: AgentWallet;
    beforeAll(async () => {
      wallet = await newAgentWallet(platform);
    });

    const cases: Array<[string, (body: Record<string, unknown>) => Record<string, unknown>, string]> = [
      ['userId is missing', ({ userId: _userId, ...body }) => body, 'userId is required'],
      ['agentId is missing', ({ agentId: _agentId, ...body }) => body, 'agentId is required'],
      ['fromAddress is missing', ({ fromAddress: _from, ...body }) => body, M.fromAddressRequired],
      ['fromAddress is malformed', (body) => ({ ...body, fromAddress: '0xabc' }), M.fromAddressInvalid],
      ['name is missing', ({ name: _name, ...body }) => body, M.nameRequired],
      ['name is blank', (body) => ({ ...body, name: '  ' }), M.nameRequired],
      ['totalAmount is missing', ({ totalAmount: _total, ...body }) => body, M.totalAmountRequired],
      ['totalAmount is a number', (body) => ({ ...body, totalAmount: 10 }), M.totalAmountInvalid],
      ['totalAmount has more than 6 decimals', (body) => ({ ...body, totalAmount: '1.0000001' }), M.totalAmountInvalid],
      ['totalAmount is 0', (body) => ({ ...body, totalAmount: '0.000000' }), M.totalAmountInvalid],
      ['totalAmount is negative', (body) => ({ ...body, totalAmount: '-1' }), M.totalAmountInvalid],
      ['recipients is missing', ({ recipients: _recipients, ...body }) => body, M.recipientsRequired],
      ['recipients is empty', (body) => ({ ...body, recipients: [] }), M.recipientsRequired],
      ['a recipient is not an object', (body) => ({ ...body, recipients: ['0x1'] }), M.recipientsRequired],
      ['a recipient address is malformed', (body) => ({ ...body, recipients: [{ address: 'nope', share: 100 }] }), M.recipientAddressInvalid],
      ['a share is 0', (body) => ({ ...body, recipients: [{ address: newAddress(), share: 0 }, { address: newAddress(), share: 100 }] }), M.shareInvalid],
      ['a share is a string', (body) => ({ ...body, recipients: [{ address: newAddress(), share: '100' }] }), M.shareInvalid],
      ['a share has 3 decimals', (body) => ({ ...body, recipients: [{ address: newAddress(), share: 33.333 }, { address: newAddress(), share: 66.667 }] }), M.shareInvalid],
      ['shares add up to 99.99', (body) => ({ ...body, recipients: [{ address: newAddress(), share: 33.33 }, { address: newAddress(), share: 66.66 }] }), M.sharesSum],
      ['shares add up to more than 100', (body) => ({ ...body, recipients: [{ address: newAddress(), share: 60 }, { address: newAddress(), share: 60 }] }), M.sharesSum],
      ['an address comes twice', (body) => {
        const address = newAddress();
        return { ...body, recipients: [{ address, share: 50 }, { address: address.toLowerCase(), share: 50 }] };
      }, M.recipientsNotDistinct],
      ['a recipient is the paying wallet', (body) => ({ ...body, recipients: [{ address: body.fromAddress, share: 100 }] }), M.recipientIsSender],
      ['too many recipients', (body) => ({ ...body, recipients: Array.from({ length: 51 }, () => ({ address: newAddress(), share: 1 })) }), M.tooManyRecipients],
      ['the total cannot give every recipient a unit', (body) => ({ ...body, totalAmount: '0.000002' }), M.amountTooSmall],
      ['fromAddress is another agent\'s wallet', (body) => ({ ...body, agentId: 'agent-other' }), M.notAgentWallet],
      ['fromAddress is another user\'s wallet', (body) => ({ ...body, userId: randomUUID() }), M.notAgentWallet],
      ['fromAddress is no wallet the platform holds', (body) => ({ ...body, fromAddress: newAddress() }), M.notAgentWallet],
    ];

    it.each(cases)('when %s', async (_case, change, error) => {
      const response = await post(change(splitOf(wallet, '1', threeWays())));

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
    });
  });
});

describe('GET /api/underground/splits/:id', () => {
  it('returns the split as stored while its job waits', async () => {
    const wallet = await newAgentWallet(platform);
    const recipients = [{ address: newAddress(), share: 100 }];

    const queued = await post(splitOf(wallet, '2.5', recipients));
    const response = await backend.get(`/api/underground/splits/${queued.body.splitId}`, BEARER);

    expect(response.status).toBe(200);
    expect(response.body as SplitView).toMatchObject({
      splitId: queued.body.splitId, userId: wallet.userId, agentId: wallet.agentId, fromAddress: wallet.address, name: 'Royalties', totalAmount: '2.5',
      status: expect.stringMatching(/^(queued|failed)$/), recipients: [{ address: recipients[0]!.address, share: 100, amount: '2.5' }],
    });
  });

  it('returns 404 for an unknown split', async () => {
    const response = await backend.get('/api/underground/splits/999999', BEARER);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.splitNotFound });
  });

  it('returns 400 for an id that is no split id', async () => {
    const response = await backend.get('/api/underground/splits/abc', BEARER);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.splitIdInvalid });
  });

  it('returns 401 without the bearer key', async () => {
    const response = await backend.get('/api/underground/splits/1', {});

    expect(response.status).toBe(401);
  });
});
