import {
  CALENDAR_MESSAGES, ERROR_CODES, SKILL_CATALOGUE, SKILL_CATEGORIES, SKILL_MESSAGES as M, skillActionInvalid, skillNotBuilt, type SkillListView,
} from '@platform/contracts';
import { BEARER, connectCalendar, subscribedUser, TestPlatform, type TestUser } from '@platform/testing';

let platform: TestPlatform;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'scheduler', 'skills'] });
  [user, other] = await Promise.all([subscribedUser(platform, 'solo'), platform.newUser()]);
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const use = (skill: string, body: Record<string, unknown>, by: TestUser = user) => by.client.post(`/api/skills/${skill}`, body);
const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

/**
 * 4.7's "Skill slugs by category", written out, with the neutral names of decision 217 for the
 * skills 4.7 names after third-party products.
 */
const SLUGS_BY_CATEGORY = {
  streaming: ['dj-streaming'],
  events: ['guestlist', 'event-ticketing', 'event-scheduler', 'venue-finder', 'festival-finder'],
  payments: ['usdc-payments', 'booking-settlement', 'instant-split'],
  finance: ['treasury', 'royalty-tracker'],
  productivity: ['file-manager', 'calendar-sync', 'workspace-suite', 'notes-workspace'],
  communication: ['email'],
  development: ['webhook', 'browser'],
  channels: ['team-chat', 'community-chat', 'mobile-messenger', 'cloud-messenger', 'private-messenger'],
  music: ['track-archaeologist', 'setlist-oracle', 'demo-submitter'],
  creative: ['visual-synthesizer'],
  marketing: ['groupie-manager'],
};

/** The catalogue's featured skills (docs/skills.md), written out. */
const FEATURED = ['event-ticketing', 'venue-finder', 'booking-settlement', 'instant-split', 'visual-synthesizer'];

const ids = (skills: SkillListView['skills']) => skills.map((skill) => skill.id);

describe('GET /api/skills (extended-services 4.7)', () => {
  it('lists every skill of the catalogue, every category and the featured skills, without credentials', async () => {
    const response = await platform.web().get<SkillListView>('/api/skills');

    expect(response.status).toBe(200);
    expect(response.body.skills).toEqual(SKILL_CATALOGUE);
    expect(response.body.categories).toEqual([...SKILL_CATEGORIES]);
    expect(response.body.featured).toEqual(SKILL_CATALOGUE.filter((skill) => skill.featured));
    expect(new Set(response.body.skills.map((skill) => skill.category))).toEqual(new Set(SKILL_CATEGORIES));
    expect(response.body.skills[0]).toEqual({
      id: 'dj-streaming', name: 'DJ Streaming', description: expect.any(String), category: 'streaming', author: 'Platform',
      downloads: expect.any(Number), rating: expect.any(Number), featured: false, built: false,
    });
  });

  it('keeps one category with ?category=, and all of them with ?category=all', async () => {
    const events = (await platform.web().get<SkillListView>('/api/skills?category=events')).body;

    expect(events.skills.map((skill) => skill.id)).toEqual(['guestlist', 'event-ticketing', 'event-scheduler', 'venue-finder', 'festival-finder']);
    expect(events.featured.map((skill) => skill.id)).toEqual(['event-ticketing', 'venue-finder']);
    expect((await platform.web().get<SkillListView>('/api/skills?category=all')).body.skills).toHaveLength(SKILL_CATALOGUE.length);
  });

  it('lists 4.7\'s slugs by category, in its order', async () => {
    const { skills, categories } = (await platform.web().get<SkillListView>('/api/skills')).body;

    const grouped = Object.fromEntries(categories.map((category) => [category, ids(skills.filter((skill) => skill.category === category))]));
    expect(grouped).toEqual(SLUGS_BY_CATEGORY);
    expect(Object.keys(grouped)).toEqual(Object.keys(SLUGS_BY_CATEGORY));
    expect(skills).toHaveLength(Object.values(SLUGS_BY_CATEGORY).flat().length);
  });

  it('keeps exactly the featured skills with ?featured=true, and exactly the others with ?featured=false (decision 216)', async () => {
    const featured = (await platform.web().get<SkillListView>('/api/skills?featured=true')).body.skills;
    const others = (await platform.web().get<SkillListView>('/api/skills?featured=false')).body.skills;

    expect(ids(featured)).toEqual(FEATURED);
    expect(featured).toEqual(SKILL_CATALOGUE.filter((skill) => skill.featured));
    expect(others).toEqual(SKILL_CATALOGUE.filter((skill) => !skill.featured));
  });

  it.each([
    ['category=gardening', M.categoryInvalid],
    ['featured=yes', M.featuredInvalid],
  ])('returns 400 for ?%s', async (query, error) => {
    expect(await platform.web().get(`/api/skills?${query}`)).toMatchObject({ status: 400, body: { error } });
  });
});

describe('POST /api/skills/{skill-name}: who may call', () => {
  it('returns 401 without a session', async () => {
    expect(await platform.web().post('/api/skills/venue-finder', { action: 'search' })).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
  });

  it('takes the internal bearer acting for the user named by x-user-id', async () => {
    const response = await platform.backend().post('/api/skills/demo-submitter', { action: 'list' }, { ...BEARER, 'x-user-id': user.id });

    expect(response).toMatchObject({ status: 200, body: { success: true, submissions: expect.any(Array) } });
  });

  it('returns 401 for the internal bearer acting for no user', async () => {
    expect(await platform.backend().post('/api/skills/demo-submitter', { action: 'list' }, BEARER)).toMatchObject({ status: 401, body: { error: M.callerNotUser } });
  });
});

describe('POST /api/skills/{skill-name}: unknown, not built, bad action', () => {
  it('returns 404 for a skill the catalogue does not have', async () => {
    expect(await use('mind-reader', { action: 'read' })).toMatchObject({ status: 404, body: { error: M.skillNotFound } });
  });

  it.each(SKILL_CATALOGUE.filter((skill) => !skill.built).map((skill) => skill.id))('returns 501 for %s, listed but not built', async (skill) => {
    expect(await use(skill, { action: 'anything' })).toMatchObject({ status: 501, body: { error: skillNotBuilt(skill), code: ERROR_CODES.skillNotBuilt } });
  });

  it.each(SKILL_CATALOGUE.filter((skill) => skill.built && skill.id !== 'visual-synthesizer').map((skill) => skill.id))(
    'returns 400 for an action %s does not have', async (skill) => {
      const response = await use(skill, { action: 'dance' });

      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^action must be one of: /);
    });
});

describe('venue-finder: action search, city, type, capacity, maxPrice', () => {
  it('finds the venues of the city and type holding the capacity within the price', async () => {
    const response = await use('venue-finder', { action: 'search', city: 'berlin', type: 'club', capacity: 300, maxPrice: 2000 });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true, count: 1,
      venues: [{ id: 'ven-001', name: 'The Boiler Vault', city: 'Berlin', country: 'Germany', type: 'club', capacity: 450, pricePerNightUsdc: 1800 }],
    });
  });

  it('lists the cheapest first', async () => {
    expect(names((await use('venue-finder', { action: 'search', city: 'Berlin', maxPrice: 1000 })).body.venues)).toEqual(['Hinterhof Bar', 'Kreuzberg Gallery Space']);
  });

  it('returns 400 for a capacity that is not a whole number', async () => {
    expect(await use('venue-finder', { action: 'search', capacity: 'big' })).toMatchObject({ status: 400, body: { error: M.capacityInvalid } });
  });
});

describe('festival-finder: action search, genre, country, maxPrice', () => {
  it('finds the festivals of a genre, however it is written, cheapest first', async () => {
    const response = await use('festival-finder', { action: 'search', genre: 'Drum and Bass', maxPrice: 100 });

    expect(names(response.body.festivals)).toEqual(['Rio Bass Carnival', 'Carpathian Low End', 'Tatra Echo', 'Seaside Sound System']);
  });

  it('keeps one country', async () => {
    expect(names((await use('festival-finder', { action: 'search', genre: 'drum-and-bass', country: 'United Kingdom' })).body.festivals)).toEqual(['Seaside Sound System']);
  });

  it('returns 400 for a negative maxPrice', async () => {
    expect(await use('festival-finder', { action: 'search', maxPrice: -1 })).toMatchObject({ status: 400, body: { error: M.maxPriceInvalid } });
  });
});

describe('track-archaeologist: action search, bpm, genre, mood', () => {
  it('digs up the tracks near the tempo, the closest first, then the oldest', async () => {
    const response = await use('track-archaeologist', { action: 'search', bpm: 174, genre: 'drum-and-bass' });

    expect(response.status).toBe(200);
    expect(response.body.tracks.map((track: { title: string }) => track.title)).toEqual(['Tidal Fracture', 'Liquid Almanac', 'Glass Sediment', 'Amen Cartography']);
  });

  it('keeps one mood', async () => {
    const response = await use('track-archaeologist', { action: 'search', bpm: 174, genre: 'drum-and-bass', mood: 'dark' });

    expect(response.body.tracks.map((track: { title: string }) => track.title)).toEqual(['Tidal Fracture']);
  });

  it('returns 400 for a bpm out of range', async () => {
    expect(await use('track-archaeologist', { action: 'search', bpm: 900 })).toMatchObject({ status: 400, body: { error: M.bpmInvalid } });
  });
});

describe('setlist-oracle: action build, genre, duration', () => {
  it('fills the slot without overrunning it, tempo rising', async () => {
    const response = await use('setlist-oracle', { action: 'build', genre: 'house', duration: 30 });

    expect(response.status).toBe(200);
    const bpms = response.body.setlist.map((track: { bpm: number }) => track.bpm);
    expect(bpms).toEqual([...bpms].sort((a, b) => a - b));
    expect(response.body).toMatchObject({ success: true, genre: 'house', durationMinutes: 30, count: 4, totalSeconds: 1567, totalTime: '26:07' });
    expect(response.body.setlist[1]).toMatchObject({ position: 2, startsAt: '7:16', title: 'Sunday Transit' });
  });

  it('returns 400 without a duration', async () => {
    expect(await use('setlist-oracle', { action: 'build', genre: 'house' })).toMatchObject({ status: 400, body: { error: M.durationInvalid } });
  });
});

describe('demo-submitter: action submit, title, artist', () => {
  it('keeps the demo in the database and lists it to its submitter only', async () => {
    const response = await use('demo-submitter', { action: 'submit', title: 'Night Bus', artist: 'Low Tide', link: 'https://example.com/demo.mp3' });

    expect(response).toMatchObject({
      status: 200,
      body: {
        success: true,
        submission: { id: expect.any(String), title: 'Night Bus', artist: 'Low Tide', genre: null, link: 'https://example.com/demo.mp3', status: 'submitted', submittedAt: expect.any(String) },
      },
    });
    expect((await use('demo-submitter', { action: 'list' })).body.submissions.map((demo: { id: string }) => demo.id)).toContain(response.body.submission.id);
    expect((await use('demo-submitter', { action: 'list' }, other)).body).toEqual({ success: true, submissions: [], count: 0 });
  });

  it.each([
    [{ action: 'submit', artist: 'Low Tide' }, M.titleRequired],
    [{ action: 'submit', title: 'Night Bus' }, M.artistRequired],
    [{ action: 'submit', title: 'Night Bus', artist: 'Low Tide', link: 'ftp://x' }, M.linkInvalid],
  ])('returns 400 for %j', async (body, error) => {
    expect(await use('demo-submitter', body)).toMatchObject({ status: 400, body: { error } });
  });
});

describe('groupie-manager: action segment', () => {
  it('segments the caller\'s fans, every segment present; a fan added by hand is a prospect', async () => {
    expect((await use('groupie-manager', { action: 'add', email: 'Fan@Example.com', name: 'Fan' })).body).toMatchObject({
      success: true, fan: { email: 'fan@example.com', name: 'Fan', purchases: 0, tickets: 0, spentUsdc: '0' },
    });

    const response = await use('groupie-manager', { action: 'segment' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true, total: 1,
      segments: {
        superfans: { count: 0, fans: [] }, regulars: { count: 0, fans: [] }, newcomers: { count: 0, fans: [] },
        prospects: { count: 1, fans: [{ email: 'fan@example.com' }] },
      },
    });
    expect((await use('groupie-manager', { action: 'segment' }, other)).body.total).toBe(0);
  });

  it('returns 400 for add without an email', async () => {
    expect(await use('groupie-manager', { action: 'add' })).toMatchObject({ status: 400, body: { error: M.emailRequired } });
  });
});

describe('visual-synthesizer: prompt, style', () => {
  it('writes a visual concept through the AI layer, billed to the caller', async () => {
    const response = await use('visual-synthesizer', { prompt: 'A warehouse rave at dawn', style: 'neon' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true, prompt: 'A warehouse rave at dawn', style: 'neon', visual: { concept: expect.stringMatching(/\S/) },
      model: expect.any(String), usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
  });

  it('passes on the AI layer\'s refusal of a caller without a plan (402)', async () => {
    expect((await use('visual-synthesizer', { prompt: 'A flyer' }, other)).status).toBe(402);
  });

  it.each([
    [{ style: 'neon' }, M.promptRequired],
    [{ prompt: 'A flyer', style: 'cubist' }, M.styleInvalid],
  ])('returns 400 for %j', async (body, error) => {
    expect(await use('visual-synthesizer', body)).toMatchObject({ status: 400, body: { error } });
  });
});

describe('event-scheduler: action schedule, title, date, time, channels', () => {
  const show = { action: 'schedule', title: 'Warehouse 9', date: '2031-06-20', time: '22:30', channels: ['email', 'bus'] };

  it('returns 409 while the caller has no calendar connected', async () => {
    expect(await use('event-scheduler', show, other)).toMatchObject({ status: 409, body: { error: M.calendarNotConnected } });
  });

  it('creates the event on the connected calendar through the scheduler, with its channels', async () => {
    const { email } = await connectCalendar(platform, user);

    const response = await use('event-scheduler', { ...show, duration: 120 });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true, eventId: expect.any(String), channels: ['email', 'bus'], scheduledFor: '2031-06-20T22:30:00.000Z',
      event: {
        id: response.body.eventId, summary: 'Warehouse 9', start: { dateTime: '2031-06-20T22:30:00.000Z' }, end: { dateTime: '2031-06-21T00:30:00.000Z' },
      },
    });
    const stored = (await platform.calendar.account(email)).events.find((event) => event.id === response.body.eventId);
    expect(stored).toMatchObject({ summary: 'Warehouse 9', description: 'Announce on: email, bus' });
  });

  it('returns 409 when the provider no longer accepts the connection (the scheduler\'s 401)', async () => {
    const revoked = await platform.newUser();
    const { email } = await connectCalendar(platform, revoked);
    await platform.calendar.failWith(email, 401);

    expect(await use('event-scheduler', show, revoked)).toMatchObject({ status: 409, body: { error: M.calendarNotConnected } });
  });

  it('returns 502 with the calendar\'s words when the provider fails', async () => {
    const failing = await platform.newUser();
    const { email } = await connectCalendar(platform, failing);
    await platform.calendar.failWith(email, 500);

    expect(await use('event-scheduler', show, failing)).toMatchObject({ status: 502, body: { error: `${M.calendarFailed}: ${CALENDAR_MESSAGES.providerFailed}` } });
  });

  it.each([
    [{ ...show, date: '2031-02-30' }, M.dateTimeInvalid],
    [{ ...show, time: '25:00' }, M.timeRequired],
    [{ ...show, channels: [] }, M.channelsRequired],
  ])('returns 400 for %j', async (body, error) => {
    expect(await use('event-scheduler', body)).toMatchObject({ status: 400, body: { error } });
  });
});

it('answers a bad action with the actions the skill has', async () => {
  expect((await use('venue-finder', { action: 'book' })).body.error).toBe(skillActionInvalid(['search']));
});
