import { SKILL_CATEGORIES } from './skill-catalogue.js';

/** Texts of /api/skills and the skills' answers, worded once so tests and handlers agree. */
export const SKILL_MESSAGES = {
  categoryInvalid: `category must be all or one of: ${SKILL_CATEGORIES.join(', ')}`,
  featuredInvalid: 'featured must be true or false',
  skillIdRequired: 'skillId is required',
  agentIdRequired: 'agentId is required',
  skillNotFound: 'Skill not found',
  agentNotFound: 'Agent not found',
  installationNotFound: 'This skill is not installed on this agent',
  limitReached: 'Skill limit reached for your plan',
  callerNotUser: 'A skill acts for a user: sign in, or send x-user-id with the internal key',
  emailRequired: 'email is required (an email address)',
  eventIdRequired: 'eventId is required (an underground event id)',
  tierInvalid: 'tier must be one of: general, vip',
  quantityInvalid: 'quantity must be a whole number from 1 to 10',
  eventNotFound: 'Event not found',
  eventPast: 'This event has already taken place',
  soldOut: 'Not enough tickets left for this event',
  bpmInvalid: 'bpm must be a whole number from 40 to 220',
  genreInvalid: 'genre must be a string of at most 64 characters',
  moodInvalid: 'mood must be a string of at most 64 characters',
  durationInvalid: 'duration must be a whole number of minutes from 10 to 480',
  cityInvalid: 'city must be a string of at most 100 characters',
  typeInvalid: 'type must be a string of at most 64 characters',
  countryInvalid: 'country must be a string of at most 100 characters',
  capacityInvalid: 'capacity must be a whole number from 1',
  maxPriceInvalid: 'maxPrice must be a number from 0',
  titleRequired: 'title is required (a string of at most 255 characters)',
  artistRequired: 'artist is required (a string of at most 255 characters)',
  linkInvalid: 'link must be an http(s) URL',
  nameInvalid: 'name must be a string of at most 255 characters',
  promptRequired: 'prompt is required (a string of at most 2000 characters)',
  styleInvalid: 'style must be one of: abstract, photographic, illustration, neon, minimal, retro',
  dateRequired: 'date is required (YYYY-MM-DD)',
  timeRequired: 'time is required (HH:MM, 24-hour, UTC)',
  channelsRequired: 'channels must be an array of 1 to 10 channel names of at most 50 characters',
  scheduleDurationInvalid: 'duration must be a whole number of minutes from 15 to 1440',
  dateTimeInvalid: 'date and time do not name a moment that exists',
  calendarNotConnected: 'No calendar is connected: connect one with POST /api/calendar { "action": "connect" } first',
  calendarFailed: 'The calendar refused the event',
  bookingIdRequired: 'bookingId is required (the bus negotiation\'s bookingId)',
  bookingRequired: 'booking is required: { guarantee, backend, deposit } as USDC amounts',
  amountRequired: 'amount is required (a USDC amount above 0 with at most 6 decimals)',
  usdcInvalid: 'guarantee, backend, deposit, amount, threshold and rate are USDC amounts from 0 with at most 6 decimals',
  bookingNotFound: 'Booking not found',
  bookingNotAccepted: 'The booking must be accepted before its fee is held in escrow',
  notRequester: 'Only the owner of the agent that requested the booking may fund or release its escrow',
  splitIdRequired: 'splitId is required (a split rule id)',
  splitsRequired: 'splits must be a non-empty array of { recipientAddress, percentage, role, name }',
  recipientAddressInvalid: 'Each recipientAddress must be a 0x-prefixed 20-byte hex address',
  percentageInvalid: 'Each percentage must be a number above 0 with at most 2 decimals',
  percentagesSum: 'Percentages must add up to exactly 100',
  recipientsNotDistinct: 'Each recipientAddress may appear once',
  recipientIsAgentWallet: 'A recipientAddress cannot be the agent\'s own wallet, which the rule pays from',
  roleInvalid: 'role must be a string of at most 64 characters',
  streamsInvalid: 'streams must be a whole number from 0',
  rateRequired: 'rate is required (USDC per stream, at most 6 decimals)',
  splitRuleNotFound: 'Split rule not found',
  walletNotFound: 'This agent has no wallet: create one with POST /api/underground/wallets',
} as const;

/** 400 for an action the skill does not have. */
export function skillActionInvalid(actions: readonly string[]): string {
  return `action must be one of: ${actions.join(', ')}`;
}

/** 501 for a catalogue skill whose use is not built yet (it still installs). */
export function skillNotBuilt(skillId: string): string {
  return `The ${skillId} skill cannot be used yet: it is listed and installs, but its actions are not built`;
}
