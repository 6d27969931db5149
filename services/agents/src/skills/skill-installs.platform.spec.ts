import { randomUUID } from 'node:crypto';
import { ERROR_CODES, SKILL_CATALOGUE, SKILL_MESSAGES as M, type SkillInstalledReply } from '@platform/contracts';
import {
  BEARER, ownerQuery, provisionRunning, recordedAgent, subscribedUser, TestPlatform, waitForStatus, type TestUser,
} from '@platform/testing';
import { payForClone } from '../testing/clone-payments.js';

let platform: TestPlatform;
let owner: TestUser;
let stranger: TestUser;
let agentId: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['billing', 'agents'] });
  [owner, stranger] = await Promise.all([subscribedUser(platform, 'network'), subscribedUser(platform, 'solo')]);
  agentId = await recordedAgent(platform, owner);
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const install = (user: TestUser, body: Record<string, unknown>) => user.client.post<SkillInstalledReply>('/api/skills', body);
const configOf = async (user: TestUser, id: string) => (await user.client.get(`/api/agents/${id}/config`)).body.config as Record<string, unknown>;
const storedConfig = async (id: string) => (await ownerQuery<{ config: Record<string, unknown> }>(platform.env, 'SELECT config FROM agents.agents WHERE id = $1', [id]))[0]!.config;

describe('POST /api/skills (extended-services 4.7)', () => {
  it('installs a skill on the caller\'s agent and lists it in the agent\'s config', async () => {
    const response = await install(owner, { skillId: 'venue-finder', agentId });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true, installed: { id: expect.any(String), skillId: 'venue-finder', agentId, installedAt: expect.any(String) },
    });
    expect((await configOf(owner, agentId)).skills).toEqual(['venue-finder']);
  });

  it('answers the installation already there when the skill is installed again, and counts it once', async () => {
    const first = await install(owner, { skillId: 'setlist-oracle', agentId });
    const again = await install(owner, { skillId: 'setlist-oracle', agentId });

    expect(again).toMatchObject({ status: 200, body: { success: true, installed: first.body.installed } });
    const rows = await ownerQuery(platform.env, 'SELECT 1 FROM agents.agent_skills WHERE agent_id = $1 AND skill_id = $2', [agentId, 'setlist-oracle']);
    expect(rows).toHaveLength(1);
  });

  it('installs a catalogue skill whose use is not built yet', async () => {
    expect((await install(owner, { skillId: 'dj-streaming', agentId })).status).toBe(200);
  });

  it.each([
    ['skillId', { agentId: 'x' }, M.skillIdRequired],
    ['agentId', { skillId: 'venue-finder' }, M.agentIdRequired],
  ])('returns 400 without %s', async (_field, body, error) => {
    expect(await install(owner, body)).toMatchObject({ status: 400, body: { error } });
  });

  it('returns 401 without a session', async () => {
    expect(await platform.web().post('/api/skills', { skillId: 'venue-finder', agentId })).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
  });

  it('returns 404 for a skill the catalogue does not have', async () => {
    expect(await install(owner, { skillId: 'no-such-skill', agentId })).toMatchObject({ status: 404, body: { error: M.skillNotFound } });
  });

  it.each([
    ['another user\'s agent', () => agentId, () => stranger],
    ['an unknown agent', () => randomUUID(), () => owner],
    ['an id that names no agent', () => 'not-an-agent', () => owner],
  ])('returns 404 for %s', async (_case, id, user) => {
    expect(await install(user(), { skillId: 'venue-finder', agentId: id() })).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
  });
});

describe('DELETE /api/skills (extended-services 4.7)', () => {
  it('uninstalls the skill: { success }, and the agent\'s config drops it', async () => {
    await install(owner, { skillId: 'festival-finder', agentId });

    expect(await owner.client.delete('/api/skills', { skillId: 'festival-finder', agentId })).toMatchObject({ status: 200, body: { success: true } });
    expect((await configOf(owner, agentId)).skills).not.toContain('festival-finder');
  });

  it('takes skillId and agentId from the query of a DELETE without a body', async () => {
    await install(owner, { skillId: 'royalty-tracker', agentId });

    expect((await owner.client.delete(`/api/skills?skillId=royalty-tracker&agentId=${agentId}`)).status).toBe(200);
  });

  it('removes the config\'s skills key with the last skill', async () => {
    const bare = await recordedAgent(platform, owner, 'Bare');
    await install(owner, { skillId: 'email', agentId: bare });
    await owner.client.delete('/api/skills', { skillId: 'email', agentId: bare });

    expect(await configOf(owner, bare)).toEqual({});
  });

  it.each([
    ['a skill not installed on the agent', () => owner],
    ['another user\'s agent', () => stranger],
  ])('returns 404 for %s', async (_case, user) => {
    expect(await user().client.delete('/api/skills', { skillId: 'guestlist', agentId })).toMatchObject({ status: 404, body: { error: M.installationNotFound } });
  });

  it('returns 400 without skillId and 401 without a session', async () => {
    expect(await owner.client.delete('/api/skills', { agentId })).toMatchObject({ status: 400, body: { error: M.skillIdRequired } });
    expect((await platform.web().delete('/api/skills', { skillId: 'email', agentId })).status).toBe(401);
  });
});

describe('the skill limit per plan (platform-core 8)', () => {
  it('label: the third skill installs, the fourth is 429 with the count and the limit; an uninstall frees a place', async () => {
    const user = await subscribedUser(platform, 'label');
    const [first, second] = [await recordedAgent(platform, user), await recordedAgent(platform, user)];
    for (const [skillId, id] of [['venue-finder', first], ['festival-finder', first], ['email', second]] as const) {
      expect((await install(user, { skillId, agentId: id })).status).toBe(200);
    }

    expect(await install(user, { skillId: 'browser', agentId: second })).toMatchObject({
      status: 429, body: { error: M.limitReached, code: ERROR_CODES.skillLimitReached, current: 3, limit: 3 },
    });
    await user.client.delete('/api/skills', { skillId: 'email', agentId: second });
    expect((await install(user, { skillId: 'browser', agentId: second })).status).toBe(200);
  });

  it('counts concurrent installs atomically: of 12 at once with 8 of a solo plan\'s 10 installed, exactly 2 install', async () => {
    const user = await subscribedUser(platform, 'solo');
    const agents = [await recordedAgent(platform, user), await recordedAgent(platform, user)];
    const skills = SKILL_CATALOGUE.map((skill) => skill.id).slice(0, 20);
    for (const skillId of skills.slice(0, 8)) expect((await install(user, { skillId, agentId: agents[0] })).status).toBe(200);

    const racing = await Promise.all(skills.slice(8).map((skillId, index) => install(user, { skillId, agentId: agents[index % 2] })));

    expect(racing.filter((response) => response.status === 200)).toHaveLength(2);
    const refused = racing.filter((response) => response.status !== 200);
    expect(refused).toHaveLength(10);
    for (const response of refused) expect(response).toMatchObject({ status: 429, body: { error: M.limitReached, current: 10, limit: 10 } });
    const [row] = await ownerQuery<{ count: string }>(platform.env, 'SELECT count(*) FROM agents.agent_skills WHERE user_id = $1', [user.id]);
    expect(row!.count).toBe('10');
  });

  it('a user without a plan that has skills installs none: 429 with limit 0', async () => {
    const user = await platform.newUser();
    const id = await recordedAgent(platform, user);

    expect(await install(user, { skillId: 'venue-finder', agentId: id })).toMatchObject({ status: 429, body: { current: 0, limit: 0 } });
  });
});

describe('installed skills in the agent\'s config', () => {
  it('PUT /api/agents/:id/config keeps the installed skills, whatever it sends under skills', async () => {
    const id = await recordedAgent(platform, owner, 'Configured');
    await install(owner, { skillId: 'venue-finder', agentId: id });

    const put = await owner.client.put(`/api/agents/${id}/config`, { config: { tone: 'dry', skills: ['everything'] } });

    expect(put.body.config).toEqual({ tone: 'dry', skills: ['venue-finder'] });
    expect(await configOf(owner, id)).toEqual({ tone: 'dry', skills: ['venue-finder'] });
    expect(await storedConfig(id)).toEqual({ tone: 'dry' });
    const backendPut = await platform.backend().put(`/api/agents/${id}`, { config: { tone: 'warm' } }, BEARER);
    expect(backendPut.status).toBe(200);
    expect(await configOf(owner, id)).toEqual({ tone: 'warm', skills: ['venue-finder'] });
  });

  const sent = { tone: 'dry', skills: ['venue-finder', 'everything'] };

  it.each([
    ['created through the backend (POST /api/agents)', async (user: TestUser) =>
      (await platform.backend().post('/api/agents', { name: 'Sent skills', config: sent }, { ...BEARER, 'x-user-id': user.id })).body.id as string],
    ['deployed through the backend (POST /api/deployments)', async (user: TestUser) =>
      (await platform.backend().post('/api/deployments', { userId: user.id, name: 'Sent skills', config: sent }, BEARER)).body.agentId as string],
    ['provisioned (POST /api/agents/provision)', async (user: TestUser) =>
      (await user.client.post('/api/agents/provision', { name: 'Sent skills', config: sent })).body.agent.id as string],
  ])('an agent %s with config.skills shows only the skills installed on it', async (_case, make) => {
    const user = await subscribedUser(platform, 'solo');
    const id = await make(user);

    expect(await configOf(user, id)).toEqual({ tone: 'dry' });
    await install(user, { skillId: 'festival-finder', agentId: id });
    expect(await configOf(user, id)).toEqual({ tone: 'dry', skills: ['festival-finder'] });
    expect(await storedConfig(id)).toEqual({ tone: 'dry' });
  });

  it('a clone of an agent with installed skills has none of them: they are the parent\'s installs', async () => {
    const user = await subscribedUser(platform, 'network');
    const parent = await recordedAgent(platform, user, 'Parent');
    await user.client.put(`/api/agents/${parent}/config`, { config: { tone: 'dry' } });
    await install(user, { skillId: 'venue-finder', agentId: parent });
    await install(user, { skillId: 'setlist-oracle', agentId: parent });

    const cloned = await user.client.post('/api/agents/clone', { parentAgentId: parent, name: 'Clone', specialization: 'booking', paymentProof: await payForClone(platform) });

    expect(cloned.status).toBe(201);
    expect(await configOf(user, cloned.body.agent.id)).toEqual({ tone: 'dry', specialization: 'booking' });
    expect(await configOf(user, parent)).toEqual({ tone: 'dry', skills: ['venue-finder', 'setlist-oracle'] });
  });

  it('the agent\'s runtime, brought up again from its config, reports the installed skills', async () => {
    const user = await subscribedUser(platform, 'collective');
    const id = await provisionRunning(platform, user);
    await install(user, { skillId: 'event-ticketing', agentId: id });
    await install(user, { skillId: 'venue-finder', agentId: id });

    expect((await user.client.post(`/api/agents/${id}/update`)).status).toBeLessThan(300);
    await waitForStatus(platform.backend(), id, 'running');

    expect((await user.client.get(`/api/agents/${id}/stats`)).body).toMatchObject({ live: true, skills: ['event-ticketing', 'venue-finder'] });
  }, 90_000);
});
