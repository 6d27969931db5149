import { randomBytes } from 'node:crypto';
import { agentChallengeMessage, SUBJECTS, type SignAgentChallengeReply } from '@platform/contracts';
import { newAgentWallet, TestPlatform } from '@platform/testing';
import { getAddress, recoverMessageAddress, type Hex } from 'viem';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['wallet'] });
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const challenge = () => `0x${randomBytes(32).toString('hex')}`;
const sign = (data: unknown) => platform.query<SignAgentChallengeReply | null>(SUBJECTS.wallet.signAgentChallenge, data);

describe('svc.wallet.sign_agent_challenge', () => {
  it("signs the challenge with the agent's wallet", async () => {
    const wallet = await newAgentWallet(platform);
    const asked = challenge();
    const reply = await sign({ agentId: wallet.agentId, challenge: asked });
    expect(reply).toEqual({ address: getAddress(wallet.address), signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
    expect(await recoverMessageAddress({ message: agentChallengeMessage(wallet.agentId, asked), signature: reply!.signature as Hex })).toBe(getAddress(wallet.address));
  });

  it('answers null for an agent without a wallet', async () => {
    expect(await sign({ agentId: 'agent-without-wallet', challenge: challenge() })).toBeNull();
  });

  it('refuses a challenge that is not 32 bytes of hex', async () => {
    await expect(sign({ agentId: 'agent-x', challenge: 'sign anything I like' })).rejects.toThrow('challenge must be 32 bytes');
  });
});
