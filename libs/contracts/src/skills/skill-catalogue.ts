/** The categories of extended-services 4.7, in the spec's order: GET /api/skills answers them as `categories`. */
export const SKILL_CATEGORIES = [
  'streaming', 'events', 'payments', 'finance', 'productivity', 'communication', 'development', 'channels', 'music', 'creative', 'marketing',
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

/** One skill of the marketplace (extended-services 2, Skill) and whether POST /api/skills/{id} works yet. */
export interface SkillEntry {
  /** The slug: the path segment of POST /api/skills/{skill-name} and the skillId of an install. */
  id: string;
  name: string;
  description: string;
  category: SkillCategory;
  author: string;
  downloads: number;
  rating: number;
  featured: boolean;
  /** Ours: false answers 501 on use (docs/skills.md); it installs all the same, so an agent can be set up ahead. */
  built: boolean;
}

/**
 * The catalogue, as one reviewed file (docs/skills.md). Every slug of 4.7 in its category; the
 * skills 4.7 names after third-party products carry neutral names of what they do, so nothing here
 * claims a partnership. downloads and rating are the marketplace's published figures, not counters.
 */
export const SKILL_CATALOGUE: readonly SkillEntry[] = [
  {
    id: 'dj-streaming', name: 'DJ Streaming', category: 'streaming', author: 'Platform', downloads: 1840, rating: 4.6, featured: false, built: false,
    description: 'Go live from the decks: start a stream, share its playback link and keep the set archived.',
  },
  {
    id: 'guestlist', name: 'Guestlist', category: 'events', author: 'Platform', downloads: 960, rating: 4.3, featured: false, built: false,
    description: 'Keep the door list of an event: names, plus-ones and check-ins.',
  },
  {
    id: 'event-ticketing', name: 'Event Ticketing', category: 'events', author: 'Platform', downloads: 3120, rating: 4.8, featured: true, built: true,
    description: 'Sell tickets to underground events by tier, never more than the event holds.',
  },
  {
    id: 'event-scheduler', name: 'Event Scheduler', category: 'events', author: 'Platform', downloads: 2210, rating: 4.5, featured: false, built: true,
    description: 'Put a show on the connected calendar with the channels it will be announced on.',
  },
  {
    id: 'venue-finder', name: 'Venue Finder', category: 'events', author: 'Platform', downloads: 2890, rating: 4.7, featured: true, built: true,
    description: 'Find venues by city, type, capacity and nightly price.',
  },
  {
    id: 'festival-finder', name: 'Festival Finder', category: 'events', author: 'Platform', downloads: 1570, rating: 4.4, featured: false, built: true,
    description: 'Find festivals by genre, country and ticket price.',
  },
  {
    id: 'usdc-payments', name: 'USDC Payments', category: 'payments', author: 'Platform', downloads: 2450, rating: 4.5, featured: false, built: false,
    description: 'Send and request USDC from an agent wallet.',
  },
  {
    id: 'booking-settlement', name: 'Booking Settlement', category: 'payments', author: 'Platform', downloads: 1330, rating: 4.6, featured: true, built: true,
    description: 'Hold a booking fee in escrow on chain and release it to the artist; simulate a settlement before the show.',
  },
  {
    id: 'instant-split', name: 'Instant Split', category: 'payments', author: 'Platform', downloads: 1980, rating: 4.7, featured: true, built: true,
    description: 'Split an agent wallet\'s USDC between collaborators by percentage, on chain.',
  },
  {
    id: 'treasury', name: 'Treasury', category: 'finance', author: 'Platform', downloads: 720, rating: 4.1, featured: false, built: false,
    description: 'Watch balances across wallets and move reserves between them.',
  },
  {
    id: 'royalty-tracker', name: 'Royalty Tracker', category: 'finance', author: 'Platform', downloads: 1410, rating: 4.5, featured: false, built: true,
    description: 'Totals of the royalties paid out through splits, by status and by recipient.',
  },
  {
    id: 'file-manager', name: 'File Manager', category: 'productivity', author: 'Platform', downloads: 1120, rating: 4.2, featured: false, built: false,
    description: 'Read and organise the files of an agent\'s workspace.',
  },
  {
    id: 'calendar-sync', name: 'Calendar Sync', category: 'productivity', author: 'Platform', downloads: 1650, rating: 4.4, featured: false, built: false,
    description: 'Keep an external calendar and the agent\'s schedule in step.',
  },
  {
    id: 'workspace-suite', name: 'Workspace Suite', category: 'productivity', author: 'Platform', downloads: 1390, rating: 4.3, featured: false, built: false,
    description: 'Documents, sheets and shared drives of an office suite.',
  },
  {
    id: 'notes-workspace', name: 'Notes Workspace', category: 'productivity', author: 'Platform', downloads: 880, rating: 4.2, featured: false, built: false,
    description: 'Pages and databases of a notes workspace.',
  },
  {
    id: 'email', name: 'Email', category: 'communication', author: 'Platform', downloads: 2010, rating: 4.4, featured: false, built: false,
    description: 'Read, draft and send email.',
  },
  {
    id: 'webhook', name: 'Webhook', category: 'development', author: 'Platform', downloads: 940, rating: 4.3, featured: false, built: false,
    description: 'Call and receive webhooks.',
  },
  {
    id: 'browser', name: 'Browser', category: 'development', author: 'Platform', downloads: 1260, rating: 4.2, featured: false, built: false,
    description: 'Open pages and read them.',
  },
  {
    id: 'team-chat', name: 'Team Chat', category: 'channels', author: 'Platform', downloads: 1720, rating: 4.4, featured: false, built: false,
    description: 'Answer in the channels of a team chat workspace.',
  },
  {
    id: 'community-chat', name: 'Community Chat', category: 'channels', author: 'Platform', downloads: 1930, rating: 4.5, featured: false, built: false,
    description: 'Run a bot in a community chat server.',
  },
  {
    id: 'mobile-messenger', name: 'Mobile Messenger', category: 'channels', author: 'Platform', downloads: 1540, rating: 4.3, featured: false, built: false,
    description: 'Talk to fans on a phone-number messenger.',
  },
  {
    id: 'cloud-messenger', name: 'Cloud Messenger', category: 'channels', author: 'Platform', downloads: 1480, rating: 4.4, featured: false, built: false,
    description: 'Run a bot in a cloud messenger\'s chats and channels.',
  },
  {
    id: 'private-messenger', name: 'Private Messenger', category: 'channels', author: 'Platform', downloads: 610, rating: 4.2, featured: false, built: false,
    description: 'Talk over an end-to-end encrypted messenger.',
  },
  {
    id: 'track-archaeologist', name: 'Track Archaeologist', category: 'music', author: 'Platform', downloads: 1360, rating: 4.6, featured: false, built: true,
    description: 'Dig up tracks by tempo, genre and mood.',
  },
  {
    id: 'setlist-oracle', name: 'Setlist Oracle', category: 'music', author: 'Platform', downloads: 1210, rating: 4.5, featured: false, built: true,
    description: 'Build a set of a genre to fill a slot, tempo rising through it.',
  },
  {
    id: 'demo-submitter', name: 'Demo Submitter', category: 'music', author: 'Platform', downloads: 1050, rating: 4.3, featured: false, built: true,
    description: 'Submit demos and follow where each one stands.',
  },
  {
    id: 'visual-synthesizer', name: 'Visual Synthesizer', category: 'creative', author: 'Platform', downloads: 2330, rating: 4.6, featured: true, built: true,
    description: 'Turn a prompt and a style into a visual concept for flyers and stage screens.',
  },
  {
    id: 'groupie-manager', name: 'Groupie Manager', category: 'marketing', author: 'Platform', downloads: 1170, rating: 4.4, featured: false, built: true,
    description: 'Keep a list of fans, fed by ticket sales, and segment it by how engaged each fan is.',
  },
];

const BY_ID: ReadonlyMap<string, SkillEntry> = new Map(SKILL_CATALOGUE.map((skill) => [skill.id, skill]));

/** The catalogue's skill with this id (slug), or undefined. */
export function skillById(id: string): SkillEntry | undefined {
  return BY_ID.get(id);
}
