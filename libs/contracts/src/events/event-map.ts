import { AccountChangedEvent } from './account-changed.event.js';
import { AgentStatusChangedEvent } from './agent-status-changed.event.js';
import { KeysChangedEvent } from './keys-changed.event.js';
import { PlanChangedEvent } from './plan-changed.event.js';
import { RiscReceivedEvent } from './risc-received.event.js';
import { SessionsRevokedEvent } from './sessions-revoked.event.js';
import { UserRegisteredEvent } from './user-registered.event.js';
import { WalletTopUpPaidEvent } from './wallet-top-up-paid.event.js';

/** Event subjects, `evt.<service>.<fact>` in the past tense. */
export const EVENTS = {
  identity: {
    sessionsRevoked: 'evt.identity.sessions_revoked',
    userRegistered: 'evt.identity.user_registered',
    riscReceived: 'evt.identity.risc_received',
    keysChanged: 'evt.identity.keys_changed',
  },
  billing: {
    planChanged: 'evt.billing.plan_changed',
    walletTopUpPaid: 'evt.billing.wallet_top_up_paid',
    accountChanged: 'evt.billing.account_changed',
  },
  agents: {
    statusChanged: 'evt.agents.status_changed',
  },
} as const;

/** Subject to payload class: a publish with the wrong shape does not compile. */
export const EVENT_PAYLOADS = {
  [EVENTS.identity.sessionsRevoked]: SessionsRevokedEvent,
  [EVENTS.identity.userRegistered]: UserRegisteredEvent,
  [EVENTS.identity.riscReceived]: RiscReceivedEvent,
  [EVENTS.identity.keysChanged]: KeysChangedEvent,
  [EVENTS.billing.planChanged]: PlanChangedEvent,
  [EVENTS.billing.walletTopUpPaid]: WalletTopUpPaidEvent,
  [EVENTS.billing.accountChanged]: AccountChangedEvent,
  [EVENTS.agents.statusChanged]: AgentStatusChangedEvent,
} as const;

export type EventSubject = keyof typeof EVENT_PAYLOADS;
export type EventOf<S extends EventSubject> = InstanceType<(typeof EVENT_PAYLOADS)[S]>;
