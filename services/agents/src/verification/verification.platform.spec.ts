import { AGENT_MESSAGES as M, agentChallengeMessage, illegalTransition } from '@platform/contracts';
import { BEARER, provisionRunning, subscribedUser, TestPlatform, waitForStatus, type TestUser } from '@platform/testing';
import { getAddress, recoverMessageAddress, type Hex } from 'viem';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CHALLENGE = /^0x[0-9a-f]{64}$/;

describe('Agent verification', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let agentId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'agents', 'wallet'] });
    owner = await subscribedUser(platform, 'collective');
    agentId = await provisionRunning(platform, owner);
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
  });

  const backend = () => platform.backend();
  const walletFor = async (id: string) => (await backend().post('/api/underground/wallets', { userId: owner.id, agentId: id }, BEARER)).body.address as string;
  const pidOf = async (id: string) => ((await backend().get('/api/agent-runtime/instances', BEARER)).body.instances as Array<{ agentId: string; pid: number }>)
    .find((instance) => instance.agentId === id)!.pid;

  describe('POST /api/agents/:id/verify', () => {
    it('verifies the runtime of an agent without a wallet: live, answering as the agent, the deployed version', async () => {
      const response = await owner.client.post(`/api/agents/${agentId}/verify`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        agentId,
        verified: true,
        verificationType: 'runtime',
        challenge: expect.stringMatching(CHALLENGE),
        checks: { live: true, agentIdMatches: true, runtimeVersion: '0.1.0', versionMatches: true, wallet: null },
        failures: [],
        checkedAt: expect.stringMatching(ISO_DATE),
        verifiedAt: response.body.checkedAt,
      });
      expect((await owner.client.get(`/api/agents/${agentId}`)).body.agent)
        .toMatchObject({ verified: true, verificationType: 'runtime', verifiedAt: response.body.verifiedAt, attestationUid: null });
    });

    it("adds the agent wallet's signature over a fresh challenge, which recovers to the wallet", async () => {
      const address = await walletFor(agentId);
      const first = (await owner.client.post(`/api/agents/${agentId}/verify`)).body;
      const second = (await backend().post(`/api/agents/${agentId}/verify`, undefined, BEARER)).body;
      expect(first).toMatchObject({ verified: true, verificationType: 'runtime+wallet', checks: { wallet: { address, valid: true } } });
      expect(second.challenge).not.toBe(first.challenge);
      const signer = await recoverMessageAddress({ message: agentChallengeMessage(agentId, second.challenge), signature: second.checks.wallet.signature as Hex });
      expect(signer).toBe(getAddress(address));
    });

    it('stores a failed verification when the runtime does not answer', async () => {
      const other = await provisionRunning(platform, owner, { name: 'Frozen' });
      const pid = await pidOf(other);
      process.kill(pid, 'SIGSTOP');
      try {
        const response = await owner.client.post(`/api/agents/${other}/verify`);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          verified: false, verificationType: null, verifiedAt: null,
          checks: { live: false, agentIdMatches: false, runtimeVersion: null, wallet: null },
          failures: ['The runtime did not answer its health check'],
        });
        expect((await owner.client.get(`/api/agents/${other}/verify`)).body).toEqual(response.body);
        expect((await owner.client.get(`/api/agents/${other}`)).body.agent).toMatchObject({ verified: false, verificationType: null, verifiedAt: null });
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    });

    it('returns 409 for an agent without a running runtime', async () => {
      const stopped = await provisionRunning(platform, owner, { name: 'Stopped' });
      expect((await owner.client.post(`/api/agents/${stopped}/stop`)).status).toBe(200);
      await waitForStatus(backend(), stopped, 'stopped');
      expect(await owner.client.post(`/api/agents/${stopped}/verify`)).toMatchObject({ status: 409, body: { error: illegalTransition('verify', 'stopped') } });
    });

    it("returns 404 for another user's agent and 401 without a session", async () => {
      const stranger = await platform.newUser();
      expect(await stranger.client.post(`/api/agents/${agentId}/verify`)).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
      expect((await platform.web().post(`/api/agents/${agentId}/verify`)).status).toBe(401);
    });
  });

  describe('GET and DELETE', () => {
    it('GET /api/agents/:id/verify and the backend GET /api/agents/:id/verification return the latest verification', async () => {
      const latest = (await owner.client.post(`/api/agents/${agentId}/verify`)).body;
      expect((await owner.client.get(`/api/agents/${agentId}/verify`)).body).toEqual(latest);
      expect(await backend().get(`/api/agents/${agentId}/verification`, BEARER)).toMatchObject({ status: 200, body: latest });
      expect((await backend().get(`/api/agents/${agentId}/verification`)).status).toBe(401);
    });

    it('DELETE clears it: GET answers 404 and the agent reads unverified', async () => {
      await owner.client.post(`/api/agents/${agentId}/verify`);
      expect(await owner.client.delete(`/api/agents/${agentId}/verify`)).toMatchObject({ status: 200, body: { agentId, cleared: true } });
      expect(await owner.client.get(`/api/agents/${agentId}/verify`)).toMatchObject({ status: 404, body: { error: M.verificationNotFound } });
      expect((await backend().get(`/api/agents/${agentId}`, BEARER)).body).toMatchObject({ verified: false, verificationType: null, verifiedAt: null });
    });
  });

  it('returns 503 while the wallet service does not answer, and stores nothing', async () => {
    await owner.client.delete(`/api/agents/${agentId}/verify`);
    await platform.stopService('wallet');
    try {
      expect(await owner.client.post(`/api/agents/${agentId}/verify`)).toMatchObject({ status: 503, body: { error: M.walletUnavailable } });
      expect((await owner.client.get(`/api/agents/${agentId}/verify`)).status).toBe(404);
    } finally {
      await platform.startService('wallet');
    }
  });
});
