import { AgentStatusChangedEvent } from './agent-status-changed.event.js';
import { PlanChangedEvent } from './plan-changed.event.js';
import { SessionsRevokedEvent } from './sessions-revoked.event.js';
import { UserRegisteredEvent } from './user-registered.event.js';

/** Event subjects, `evt.<service>.<fact>` in the past tense. */
export const EVENTS = {
  identity: {
    sessionsRevoked: 'evt.identity.sessions_revoked',
    userRegistered: 'evt.identity.user_registered',
  },
  billing: {
    planChanged: 'evt.billing.plan_changed',
  },
  agents: {
    statusChanged: 'evt.agents.status_changed',
  },
} as const;

/** Subject to payload class: a publish with the wrong shape does not compile. */
export const EVENT_PAYLOADS = {
  [EVENTS.identity.sessionsRevoked]: SessionsRevokedEvent,
  [EVENTS.identity.userRegistered]: UserRegisteredEvent,
  [EVENTS.billing.planChanged]: PlanChangedEvent,
  [EVENTS.agents.statusChanged]: AgentStatusChangedEvent,
} as const;

export type EventSubject = keyof typeof EVENT_PAYLOADS;
export type EventOf<S extends EventSubject> = InstanceType<(typeof EVENT_PAYLOADS)[S]>;
