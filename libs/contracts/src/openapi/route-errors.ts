import { ERROR_CODES, type ErrorCode } from '../error-codes.js';
import type { EdgeHandler } from '../routes.js';
import { SUBJECTS, type Subject } from '../subjects.js';
import type { JsonSchema } from './openapi-types.js';

export interface ServiceError {
  status: number;
  /** When the service answers it, in the spec's or the handler's words. */
  note: string;
  /** The `code`s it carries (error-codes.ts); none when the status alone says it. */
  codes?: ErrorCode[];
  /** A body that is not the route's error shape (a 402 payment challenge, a health answer). */
  body?: JsonSchema;
}

const { identity: id, ai, agents: ag, usage, wallet, bus, calendar, scheduler, feeds, skills, summarizer: sum, media } = SUBJECTS;
const C = ERROR_CODES;

const err = (status: number, note: string, codes?: ErrorCode[]): ServiceError => ({ status, note, ...(codes ? { codes } : {}) });

const AGENT_NOT_FOUND = err(404, 'No such agent, or not the caller’s.');
const ILLEGAL_TRANSITION = err(409, 'The agent’s status does not allow the action (`Cannot <action> an agent that is <status>`).');
const PROVISIONING_OFF = err(500, 'Provisioning is switched off (the kill switch).');
const SUBSCRIPTION_REQUIRED = err(402, 'A web caller without an active subscription would bring up a runtime.', [C.subscriptionRequired]);
// The AI layer's notes name no body field: the public gateway (OpenAI's shape) answers them too.
/** The AI plan middleware (platform-core 4.8): a plan, then (for chats) an active subscription. */
const AI_PLAN = err(402, 'No AI plan, or no active subscription.', [C.planRequired, C.subscriptionRequired]);
const MODEL_RESTRICTED = err(403, 'The model is not in the plan (the platform’s error lists `allowedModels`).', [C.modelRestricted]);
const QUOTA = err(429, 'The monthly token quota is used up, or the user key’s monthly spend cap is reached.', [C.quotaExceeded, C.spendCapReached]);
const NO_MODELS = err(404, 'No model is available.');
const PROVIDER_FAILED = err(500, 'Every model tried failed.');
const WORKSPACE_ELSEWHERE = err(409, 'The agent’s workspace is on another host.');
const GIT_FAILED = err(500, 'git failed.');
const TASK_NOT_FOUND = err(404, 'No such task of the caller’s.');
const CALENDAR_NOT_CONNECTED = err(401, 'The calendar is not connected (or its grant was revoked).');
const CALENDAR_OWNER = err(403, 'A userId other than the caller’s own.');
const CALENDAR_PROVIDER = err(500, 'The calendar provider failed.');
const METRICS_FAILED = err(500, 'The figures could not be gathered in time.');
const ESCROW_NOT_FOUND = err(404, 'No such escrow of the user’s.');
const BUS_SIGNATURE = err(401, 'Stale timestamp, unknown sender, bad signature, or a message id used before.');
const BUS_SEND = [
  err(403, 'A booking message from an agent that is not a party to the booking.'),
  err(404, 'No such recipient.'),
  err(409, 'A booking move the negotiation does not allow now.'),
  err(429, 'The sender’s plan allows no more agent-to-agent messages today.'),
];
const RISC_KEYS = err(503, 'The identity provider’s signing keys cannot be read now.');

/** The x402 challenge of platform-core 4.9, not the error shape. */
const PAYMENT_CHALLENGE: JsonSchema = {
  type: 'object',
  required: ['status', 'feed', 'challenge', 'hint'],
  properties: { status: { type: 'string' }, feed: { type: 'string' }, challenge: { type: 'object' }, hint: { type: 'string' } },
};

/**
 * What a route's service (or edge handler) answers besides the edge's own errors, read from the
 * spec's per-route tables and the handlers (their ApiError statuses and codes): 402, 404, 409, the
 * quota and plan refusals. The document adds each to the route's responses in its error shape; a
 * status the edge answers as well tells both. Statuses a route answers only by passing on another
 * service's or a runtime's (an agent runtime's own errors) are not listed.
 */
export const ROUTE_ERRORS: Partial<Record<Subject | EdgeHandler, ServiceError[]>> = {
  hostHealth: [{
    status: 500,
    note: 'The host’s figures could not be read.',
    body: { type: 'object', required: ['status', 'health', 'timestamp'], properties: { status: { const: 'error' }, health: { const: 'unhealthy' }, timestamp: { type: 'string' } } },
  }],
  readiness: [{
    status: 503,
    note: 'A dependency the surface needs is down.',
    body: { type: 'object', required: ['ready', 'failing', 'degraded'], properties: { ready: { const: false }, failing: { type: 'array', items: { type: 'string' } }, degraded: { type: 'array', items: { type: 'string' } }, uptimeMs: { type: 'number' } } },
  }],

  [id.register]: [err(403, 'The bot check failed.', [C.botCheckFailed]), err(409, 'A user with this email exists.')],
  [id.login]: [err(401, 'Invalid credentials.'), err(500, 'Login failed.')],
  [id.walletAuth]: [err(401, 'The nonce is unknown or used, or the signed message or signature does not check out.')],
  [id.idpVerify]: [err(401, 'The ID token is not valid.'), err(503, 'The identity provider is not configured.')],
  [id.idpRefresh]: [err(404, 'No refresh token of the provider is held for the user.'), err(502, 'The provider refused the refresh.')],
  [id.riscReceive]: [RISC_KEYS],
  [id.riscLegacyReceive]: [RISC_KEYS],
  [id.validateKey]: [err(401, 'The key is not valid.')],
  [id.validateKeyHeader]: [err(401, 'No bearer key, or one that is not valid.')],
  [id.getKey]: [err(404, 'No such key of the caller’s.')],
  [id.updateKey]: [err(404, 'No such key of the caller’s.')],
  [id.deleteKey]: [err(404, 'No such key of the caller’s.')],

  [ai.health]: [err(503, 'No provider is configured: `{ status: "error", error }`.')],
  [ai.providerModels]: [err(404, 'No such provider.')],
  [ai.selectModel]: [NO_MODELS],
  [ai.estimateCost]: [err(402, 'No AI plan.', [C.planRequired])],
  [ai.chat]: [AI_PLAN, MODEL_RESTRICTED, NO_MODELS, err(429, 'The monthly token quota is used up (`limit`, `used`, `resetsAt`).', [C.quotaExceeded]), PROVIDER_FAILED],
  [ai.webChat]: [AI_PLAN, MODEL_RESTRICTED, NO_MODELS, QUOTA, PROVIDER_FAILED],
  [ai.completions]: [AI_PLAN, MODEL_RESTRICTED, err(404, 'No such model (`model_not_found`), or none available.', [C.modelNotFound]), QUOTA, PROVIDER_FAILED],
  [ai.gatewayModels]: [AI_PLAN],
  [ai.demoChat]: [err(500, 'The demo chat failed.'), err(503, 'The demo’s provider is not configured.')],

  [usage.costDashboard]: [err(500, 'The dashboard could not be computed.')],
  [usage.metrics]: [METRICS_FAILED],
  [usage.metricsHistorical]: [METRICS_FAILED],
  [usage.metricsPerformance]: [METRICS_FAILED],
  [usage.metricsSummary]: [METRICS_FAILED],

  [ag.get]: [AGENT_NOT_FOUND],
  [ag.update]: [AGENT_NOT_FOUND],
  [ag.getConfig]: [AGENT_NOT_FOUND],
  [ag.putConfig]: [AGENT_NOT_FOUND],
  [ag.token]: [AGENT_NOT_FOUND],
  [ag.stats]: [AGENT_NOT_FOUND],
  [ag.start]: [SUBSCRIPTION_REQUIRED, AGENT_NOT_FOUND, ILLEGAL_TRANSITION, PROVISIONING_OFF],
  [ag.restart]: [SUBSCRIPTION_REQUIRED, AGENT_NOT_FOUND, ILLEGAL_TRANSITION, PROVISIONING_OFF],
  [ag.upgrade]: [SUBSCRIPTION_REQUIRED, AGENT_NOT_FOUND, ILLEGAL_TRANSITION, PROVISIONING_OFF],
  [ag.repair]: [SUBSCRIPTION_REQUIRED, AGENT_NOT_FOUND, ILLEGAL_TRANSITION, PROVISIONING_OFF],
  [ag.stop]: [AGENT_NOT_FOUND, ILLEGAL_TRANSITION, PROVISIONING_OFF],
  [ag.resetMemory]: [AGENT_NOT_FOUND, ILLEGAL_TRANSITION],
  [ag.messages]: [AGENT_NOT_FOUND, ILLEGAL_TRANSITION],
  [ag.sendMessage]: [AGENT_NOT_FOUND, ILLEGAL_TRANSITION],
  [ag.verify]: [AGENT_NOT_FOUND, ILLEGAL_TRANSITION, err(503, 'The wallet service could not sign the challenge.')],
  [ag.getVerification]: [err(404, 'No such agent of the caller’s, or it has never been verified.')],
  [ag.clearVerification]: [AGENT_NOT_FOUND],
  [ag.provision]: [
    err(402, 'No active subscription (unless an admin), or a tier the plan does not hold.', [C.subscriptionRequired, C.planRequired]),
    err(429, 'The plan’s agent limit is reached (`current`, `limit`).'),
    PROVISIONING_OFF,
  ],
  [ag.deploy]: [err(402, 'The plan’s agent limit is reached (`current`, `limit`).', [C.agentLimitReached]), PROVISIONING_OFF],
  [ag.clone]: [
    err(402, 'The payment is not found, reverted or too small; or, for a bearer caller, the plan’s agent limit is reached.', [C.agentLimitReached]),
    err(404, 'No such parent agent.'),
    err(409, 'The payment has paid for a clone already.'),
    err(429, 'The web caller’s agent limit is reached (`current`, `limit`).'),
    err(503, 'The chain cannot be read, or cloning is not configured.'),
  ],
  [ag.instanceHealth]: [err(403, 'A userId other than the caller’s own.'), err(404, 'The user has no running agent.')],
  [ag.instanceStats]: [err(403, 'A userId other than the caller’s own.'), err(404, 'The user has no running agent.')],
  [ag.saveHeartbeat]: [AGENT_NOT_FOUND],
  [ag.installSkill]: [err(404, 'No such skill, or no such agent of the caller’s.'), err(429, 'The plan’s skill limit is reached (`current`, `limit`).', [C.skillLimitReached])],
  [ag.uninstallSkill]: [err(404, 'The skill is not installed on the agent.')],
  [ag.browseTree]: [WORKSPACE_ELSEWHERE],
  [ag.browseRead]: [err(404, 'No such file.'), WORKSPACE_ELSEWHERE],
  [ag.browseWrite]: [WORKSPACE_ELSEWHERE],
  [ag.gitStatus]: [WORKSPACE_ELSEWHERE, GIT_FAILED],
  [ag.gitDiff]: [WORKSPACE_ELSEWHERE, GIT_FAILED],
  [ag.gitSync]: [WORKSPACE_ELSEWHERE, GIT_FAILED],
  [ag.gitLog]: [WORKSPACE_ELSEWHERE, GIT_FAILED],

  [wallet.get]: [err(401, 'No address asked for, and no caller whose wallet to show.'), err(500, 'The balances could not be read from the chain.')],
  [wallet.action]: [err(403, '`export_seed`: exporting is disabled.'), err(404, '`get_seed`: the caller has no wallet.')],
  [wallet.address]: [err(500, 'The custodial wallet provider is not configured.')],
  [wallet.createCustodial]: [err(500, 'The custodial wallet provider is not configured.')],
  [wallet.topUp]: [err(500, 'The processor’s checkout could not be made.')],
  [wallet.transactions]: [err(500, 'The chain could not be read.')],
  [wallet.createAgentWallet]: [err(409, 'The agent’s wallet belongs to another user.')],
  [wallet.agentWalletBalance]: [err(404, 'No such agent wallet of the user’s.'), err(500, 'The balance could not be read.')],
  [wallet.getSplit]: [err(404, 'No such split.')],
  [wallet.createEscrow]: [err(404, 'The paying or the paid agent has no wallet.'), err(409, 'The booking has an escrow already, or the paying wallet holds too little.')],
  [wallet.getEscrow]: [ESCROW_NOT_FOUND],
  [wallet.releaseEscrow]: [ESCROW_NOT_FOUND, err(409, 'The escrow is not held.')],

  [bus.send]: [BUS_SIGNATURE, ...BUS_SEND],
  [bus.sendAsAgent]: [...BUS_SEND.map((error) => (error.status === 404 ? err(404, 'No such agent or recipient.') : error))],
  [bus.messageStatus]: [err(404, 'No such message.')],
  [bus.subscribe]: [err(404, 'No such agent.')],
  [bus.unsubscribe]: [err(404, 'No such subscription.')],

  [calendar.query]: [CALENDAR_NOT_CONNECTED, CALENDAR_OWNER, CALENDAR_PROVIDER],
  [calendar.action]: [CALENDAR_NOT_CONNECTED, CALENDAR_OWNER, err(404, 'No such event.'), CALENDAR_PROVIDER],

  [scheduler.createTask]: [err(404, 'No such agent of the caller’s.'), err(429, 'The plan’s task limit is reached (`current`, `limit`).')],
  [scheduler.updateTask]: [TASK_NOT_FOUND],
  [scheduler.deleteTask]: [TASK_NOT_FOUND],
  [scheduler.listTaskRuns]: [TASK_NOT_FOUND],

  [feeds.datafeeds]: [{ status: 402, note: 'The feed must be paid for (x402): its challenge.', body: PAYMENT_CHALLENGE }, err(500, 'The feed could not be read.')],
  [feeds.colonyStatus]: [
    err(401, '`soul` or `diagnostics` without a session.'),
    err(403, '`soul` or `diagnostics` for a caller who is not an admin.'),
    err(502, 'The soul service’s answer is not valid.'),
    err(503, 'The soul service cannot be reached.'),
  ],
  [skills.use]: [
    err(401, 'A caller that is not a user (the backend without x-user-id).'),
    err(403, 'A booking settled by an agent that did not request it.'),
    err(404, 'No such skill, or the booking, event, wallet or split rule it names.'),
    err(409, 'The booking is not accepted, the event is past or sold out, or the calendar is not connected.'),
    err(501, 'The skill is in the catalogue but not built yet.', [C.skillNotBuilt]),
  ],

  [sum.summarize]: [err(500, 'The page could not be fetched.')],
  [sum.extract]: [err(500, 'The page could not be fetched.')],

  [media.createStream]: [err(403, 'The wallet’s signature is invalid, expired or used, or it holds too little of the gate token.'), err(500, 'The streaming provider failed or is not configured.')],
  [media.videoJob]: [err(404, 'No such video job of the caller’s.')],
  [media.streamWebhook]: [err(401, 'No signature.'), err(403, 'The signature is rejected, or webhooks are not configured.')],
};
