import { AI_FORWARDED_HEADERS } from './ai/ai-headers.js';
import { BILLING_SIGNATURE_HEADER } from './billing/billing-metadata.js';
import { VIDEO_WAIT_MS } from './media/media-limits.js';
import { STREAM_SIGNATURE_HEADER } from './media/stream-webhook.js';
import type { RateLimitGroup } from './rate-limits.js';
import { SUBJECTS, type Subject } from './subjects.js';
import { SUMMARIZER_LIMITS } from './summarizer/summarizer-limits.js';

export const SURFACES = ['web', 'backend', 'summarizer'] as const;
export type Surface = (typeof SURFACES)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * session: cookie `service-session` or a user `sk_` key; 401 without one.
 * optionalSession: resolved when present, the service decides what an anonymous caller gets.
 * apiKey: a user `sk_` key as `Authorization: Bearer`, and nothing else (no cookie); 401 without one.
 * internal: `Authorization: Bearer <INTERNAL_API_KEY>`.
 * sessionOrInternal: as session, except that a bearer which is not an `sk_` key is checked as the
 * internal key (401, 403, 500 as `internal`) and makes the caller the platform.
 * none: no credentials read.
 */
export type AuthMode = 'session' | 'optionalSession' | 'apiKey' | 'internal' | 'sessionOrInternal' | 'none';

/** How the edge writes an error on the route: the platform's `{ error }`, or OpenAI's `{ error: { message, type, code } }`. */
export type ErrorShape = 'platform' | 'openai';

/** Routes the gateway answers itself: edge facts (health, readiness, the API document), never business logic. */
export type EdgeHandler = 'hostHealth' | 'backendHealth' | 'readiness' | 'apiDocument';

export interface RouteDef {
  surface: Surface;
  method: HttpMethod;
  path: string;
  auth: AuthMode;
  subject?: Subject;
  edge?: EdgeHandler;
  rateLimits?: RateLimitGroup[];
  /** Request headers forwarded in the envelope (lower case); everything else stays at the edge. */
  headers?: string[];
  /** How long the edge waits for the service; NATS_REQUEST_TIMEOUT_MS when not given. */
  timeoutMs?: number;
  /** The body's text as received travels in the envelope too: a signed webhook verifies those exact bytes. */
  rawBody?: boolean;
  /** `platform` when not given. */
  errorShape?: ErrorShape;
  /** A body with `stream: true` is answered as server-sent events relayed from the service (streams.ts). */
  streams?: boolean;
}

type Target = Pick<RouteDef, 'subject' | 'edge' | 'rateLimits' | 'headers' | 'timeoutMs' | 'rawBody' | 'errorShape' | 'streams'>;

const web = (method: HttpMethod, path: string, auth: AuthMode, target: Target): RouteDef =>
  ({ surface: 'web', method, path, auth, ...target });

/** Every backend /api/* route also counts against the general 120/min group. */
const backend = (method: HttpMethod, path: string, auth: AuthMode, target: Target): RouteDef => ({
  surface: 'backend', method, path, auth, ...target,
  rateLimits: path.startsWith('/api/') ? ['backendGeneral', ...(target.rateLimits ?? [])] : target.rateLimits,
});

const id = SUBJECTS.identity;
const ai = SUBJECTS.ai;
const AI = { rateLimits: ['backendAi'] as RateLimitGroup[], headers: AI_FORWARDED_HEADERS };

/**
 * A chat may try three models of up to AI_MODEL_TIMEOUT_MS (30 s) each; the edge waits for all of
 * them rather than answering 502 while the service is still trying.
 */
export const AI_CHAT_TIMEOUT_MS = 100_000;

/** The public AI gateway (platform-core section 9, the one versioned path): OpenAI's protocol, its errors included. */
const OPENAI_GATEWAY = { rateLimits: ['webGateway'] as RateLimitGroup[], errorShape: 'openai' as const };

const usage = SUBJECTS.usage;
/** Bearer callers may name the user whose usage they want (docs/spec-decisions.md). */
const USER_SCOPE = ['x-user-id'];

const ag = SUBJECTS.agents;
const billing = SUBJECTS.billing;
const wallet = SUBJECTS.wallet;
const bus = SUBJECTS.bus;
const calendar = SUBJECTS.calendar;
const scheduler = SUBJECTS.scheduler;
const feeds = SUBJECTS.feeds;
const sum = SUBJECTS.summarizer;
const skills = SUBJECTS.skills;

/**
 * A git push goes to a remote over the network; the edge waits for it rather than answering 502
 * while the commit is being pushed (the explorer's own git timeout is below this).
 */
export const GIT_SYNC_TIMEOUT_MS = 60_000;

const summarizer = (method: HttpMethod, path: string, target: Target): RouteDef => ({ surface: 'summarizer', method, path, auth: 'none', ...target });

/**
 * A feed read may meet a 402, pay it through the wallet service and read again: two upstream calls
 * of up to 10 s each (extended-services 8) and the payment between them.
 */
export const FEED_READ_TIMEOUT_MS = 30_000;
/** The soul service's own timeout (FEEDS_SOUL_TIMEOUT_MS, 5 s) with room to answer 503 after it. */
export const COLONY_TIMEOUT_MS = 10_000;
/** The summarizer's whole fetch (SUMMARIZER_LIMITS.timeoutMs, section 8's 10 s), then 5 s to parse the page and answer. */
export const SUMMARIZE_TIMEOUT_MS = SUMMARIZER_LIMITS.timeoutMs + 5_000;

/**
 * A skill may wait on the AI layer (three model attempts, as a chat) or on chain transfers (gas, then
 * the escrow's own, each waited for until mined): as long as the edge waits for a chat.
 */
export const SKILL_USE_TIMEOUT_MS = AI_CHAT_TIMEOUT_MS;

/**
 * Creating or releasing an escrow waits for up to two transfers to be mined (the wallet's gas, then
 * the escrow's own), each for at most WALLET_RECEIPT_TIMEOUT_MS (30 s).
 */
export const ESCROW_TIMEOUT_MS = 70_000;

const media = SUBJECTS.media;

/** The edge outwaits the video service's 5-minute wait (extended-services 8), which then answers a job id. */
export const GENERATE_VIDEO_TIMEOUT_MS = VIDEO_WAIT_MS + 15_000;

/** A processor webhook: verified over the bytes as sent, with the processor's signature header. */
const PROCESSOR_WEBHOOK = { subject: billing.webhook, headers: [BILLING_SIGNATURE_HEADER], rawBody: true };

/**
 * Per-agent routes served on both surfaces: web callers must own the agent, bearer callers act for
 * the platform (docs/agents.md, "Who may call what").
 */
const AGENT_ACTIONS: ReadonlyArray<[HttpMethod, string, Subject]> = Object.entries({
  POST: { verify: ag.verify, start: ag.start, stop: ag.stop, restart: ag.restart, update: ag.upgrade, repair: ag.repair, 'reset-memory': ag.resetMemory, messages: ag.sendMessage },
  GET: { stats: ag.stats, messages: ag.messages, token: ag.token, config: ag.getConfig, verify: ag.getVerification },
  PUT: { config: ag.putConfig },
  DELETE: { verify: ag.clearVerification },
}).flatMap(([method, actions]) => Object.entries(actions).map(([action, subject]): [HttpMethod, string, Subject] =>
  [method as HttpMethod, `/api/agents/:id/${action}`, subject]));

/** A message to an agent waits for its runtime's chat through the AI layer. */
const agentAction = (subject: Subject): Target =>
  (subject === ag.sendMessage ? { subject, timeoutMs: AI_CHAT_TIMEOUT_MS } : { subject });

export const ROUTES: readonly RouteDef[] = [
  web('POST', '/api/register', 'none', { subject: id.register, rateLimits: ['register'] }),
  web('POST', '/api/auth/login', 'none', { subject: id.login, rateLimits: ['login'] }),
  web('GET', '/api/auth/session', 'optionalSession', { subject: id.session }),
  web('POST', '/api/auth/signout', 'optionalSession', { subject: id.signout }),
  web('POST', '/api/auth/forgot-password', 'none', { subject: id.forgotPassword, rateLimits: ['forgotPassword'] }),
  web('POST', '/api/auth/reset-password', 'none', { subject: id.resetPassword, rateLimits: ['resetPassword'] }),
  web('GET', '/api/auth/nonce', 'none', { subject: id.authNonce, rateLimits: ['authNonce'] }),
  web('POST', '/api/auth/nonce', 'none', { subject: id.authNonce, rateLimits: ['authNonce'] }),
  web('POST', '/api/wallet-auth', 'none', { subject: id.walletAuth, rateLimits: ['login'] }),
  web('GET', '/api/auth/gate-token', 'none', { subject: id.gateTokenAccess, rateLimits: ['gateToken'] }),
  web('POST', '/api/auth/gate-token', 'none', { subject: id.gateTokenAccess, rateLimits: ['gateToken'] }),
  web('GET', '/api/auth/idp', 'none', { subject: id.idpStart }),
  // The cookie header carries the sealed sign-in state the start set (identity/external-sign-in).
  web('GET', '/api/auth/idp/callback', 'none', { subject: id.idpCallback, headers: ['cookie'] }),
  web('GET', '/api/auth/code-host', 'none', { subject: id.codeHostStart }),
  web('GET', '/api/auth/code-host/callback', 'none', { subject: id.codeHostCallback, headers: ['cookie'] }),
  web('POST', '/api/auth/idp/verify', 'none', { subject: id.idpVerify, rateLimits: ['login'] }),
  web('GET', '/api/auth/idp/verify', 'none', { subject: id.idpVerifyInfo }),
  web('POST', '/api/auth/idp/refresh', 'session', { subject: id.idpRefresh }),
  web('GET', '/api/auth/idp/refresh', 'none', { subject: id.idpRefreshInfo }),
  web('POST', '/api/security/risc', 'none', { subject: id.riscReceive, rawBody: true }),
  web('GET', '/api/security/risc', 'none', { subject: id.riscInfo }),
  web('POST', '/api/auth/idp/risc', 'none', { subject: id.riscLegacyReceive, rawBody: true }),
  web('GET', '/api/user', 'session', { subject: id.getUser }),
  web('POST', '/api/user', 'session', { subject: id.updateProfile }),
  web('PATCH', '/api/user', 'session', { subject: id.updateProfile }),
  web('POST', '/api/user/password', 'session', { subject: id.changePassword }),
  web('GET', '/api/keys', 'session', { subject: id.listKeys }),
  web('POST', '/api/keys', 'session', { subject: id.createKey }),
  web('POST', '/api/keys/validate', 'none', { subject: id.validateKey, rateLimits: ['login'] }),
  web('GET', '/api/keys/:id', 'session', { subject: id.getKey }),
  web('PATCH', '/api/keys/:id', 'session', { subject: id.updateKey }),
  web('DELETE', '/api/keys/:id', 'session', { subject: id.deleteKey }),
  web('GET', '/api/health', 'none', { edge: 'hostHealth' }),
  // Ours: the OpenAPI document generated from this table (libs/contracts/src/openapi, docs/operations.md).
  web('GET', '/api/openapi.json', 'none', { edge: 'apiDocument' }),
  web('GET', '/api/demo/chat', 'none', { subject: ai.demoModels }),
  web('POST', '/api/demo/chat', 'none', { subject: ai.demoChat, rateLimits: ['demoChat'], timeoutMs: AI_CHAT_TIMEOUT_MS }),
  web('POST', '/api/chat', 'session', { subject: ai.webChat, rateLimits: ['webChat'], timeoutMs: AI_CHAT_TIMEOUT_MS, streams: true }),
  web('POST', '/api/v1/gateway/chat/completions', 'apiKey', { subject: ai.completions, ...OPENAI_GATEWAY, timeoutMs: AI_CHAT_TIMEOUT_MS, streams: true }),
  web('GET', '/api/v1/gateway/models', 'apiKey', { subject: ai.gatewayModels, ...OPENAI_GATEWAY }),
  web('GET', '/api/dashboard/cost', 'session', { subject: usage.costDashboard }),
  web('GET', '/api/agents', 'optionalSession', { subject: ag.list, rateLimits: ['webAgents'] }),
  web('GET', '/api/agents/provision', 'session', { subject: ag.listProvisioned, rateLimits: ['webAgents'] }),
  web('POST', '/api/agents/provision', 'session', { subject: ag.provision, rateLimits: ['webAgents', 'webProvision'] }),
  // The spec's legacy path of POST /api/agents/provision: the same subject, rules and answers, 5/min (section 8).
  web('POST', '/api/provision', 'session', { subject: ag.provision, rateLimits: ['webProvision'] }),
  web('GET', '/api/agents/clone', 'none', { subject: ag.cloneHealth, rateLimits: ['webAgents'] }),
  web('POST', '/api/agents/clone', 'session', { subject: ag.clone, rateLimits: ['webAgents'] }),
  web('GET', '/api/agents/:id', 'session', { subject: ag.get, rateLimits: ['webAgents'] }),
  ...AGENT_ACTIONS.map(([method, path, subject]) => web(method, path, 'session', { ...agentAction(subject), rateLimits: ['webAgents'] })),
  // The caller's own agent runtime, the platform adding its gateway token (docs/agents.md).
  web('GET', '/api/instance/:userId', 'session', { subject: ag.instanceHealth, rateLimits: ['webInstance'] }),
  web('GET', '/api/instance/:userId/stats', 'session', { subject: ag.instanceStats, rateLimits: ['webInstance'] }),
  web('GET', '/api/billing', 'session', { subject: billing.overview }),
  web('POST', '/api/billing', 'session', { subject: billing.action }),
  web('GET', '/api/billing-provider/checkout', 'session', { subject: billing.checkout }),
  web('POST', '/api/billing/webhook', 'none', PROCESSOR_WEBHOOK),
  web('GET', '/api/wallet', 'optionalSession', { subject: wallet.get }),
  web('POST', '/api/wallet', 'session', { subject: wallet.action }),
  web('GET', '/api/wallet/address', 'optionalSession', { subject: wallet.address }),
  web('POST', '/api/wallet/create', 'session', { subject: wallet.createCustodial }),
  web('GET', '/api/wallet/custodial', 'none', { subject: wallet.custodialInfo }),
  web('POST', '/api/wallet/custodial', 'none', { subject: wallet.importCustodial }),
  web('GET', '/api/wallet/top-up', 'none', { subject: wallet.topUp }),
  // The same processor events as /api/billing/webhook, so either endpoint (or both) credits a top-up once (docs/spec-decisions.md).
  web('POST', '/api/wallet/top-up', 'none', PROCESSOR_WEBHOOK),
  web('GET', '/api/wallet/transactions', 'session', { subject: wallet.transactions }),
  web('GET', '/api/heartbeat', 'session', { subject: ag.getHeartbeat }),
  web('POST', '/api/heartbeat', 'session', { subject: ag.saveHeartbeat }),
  web('DELETE', '/api/heartbeat', 'session', { subject: ag.deleteHeartbeat }),
  // The spec's userId must be the caller's own (docs/spec-decisions.md); the callback is the provider's redirect, its signed state names the user.
  web('GET', '/api/calendar', 'session', { subject: calendar.query }),
  web('POST', '/api/calendar', 'session', { subject: calendar.action }),
  web('GET', '/api/calendar/callback', 'none', { subject: calendar.callback }),
  web('GET', '/api/scheduled-tasks', 'session', { subject: scheduler.listTasks }),
  web('POST', '/api/scheduled-tasks', 'session', { subject: scheduler.createTask }),
  web('PUT', '/api/scheduled-tasks', 'session', { subject: scheduler.updateTask }),
  // taskId in the body as 4.5 says, or in the query for clients whose DELETE carries no body.
  web('DELETE', '/api/scheduled-tasks', 'session', { subject: scheduler.deleteTask }),
  // Ours: a task's recent runs, newest first.
  web('GET', '/api/scheduled-tasks/:taskId/runs', 'session', { subject: scheduler.listTaskRuns }),
  web('GET', '/api/datafeeds', 'none', { subject: feeds.datafeeds, rateLimits: ['datafeeds'], timeoutMs: FEED_READ_TIMEOUT_MS }),
  // `tree` for anyone; `soul` and `diagnostics` for admins (docs/spec-decisions.md).
  web('GET', '/api/colony/status', 'optionalSession', { subject: feeds.colonyStatus, timeoutMs: COLONY_TIMEOUT_MS }),
  web('GET', '/api/skills', 'none', { subject: skills.list }),
  // Installs live with the agent they change (its config); the per-plan limit is counted there (docs/skills.md).
  web('POST', '/api/skills', 'session', { subject: ag.installSkill }),
  web('DELETE', '/api/skills', 'session', { subject: ag.uninstallSkill }),
  // 4.7 leaves who may use a skill open: the signed-in user, or on the backend a trusted caller acting for x-user-id (docs/skills.md).
  web('POST', '/api/skills/:skill', 'session', { subject: skills.use, rateLimits: ['skills'], timeoutMs: SKILL_USE_TIMEOUT_MS }),
  // The caller's own figures; the internal key's are the platform's (docs/metrics.md).
  web('GET', '/api/metrics', 'sessionOrInternal', { subject: usage.metrics }),
  web('GET', '/api/radio/live', 'none', { subject: media.liveStreams }),
  // No session (extended-services 5): the wallet's signature names the caller (docs/spec-decisions.md).
  web('POST', '/api/radio/streams', 'none', { subject: media.createStream, rateLimits: ['radioStreams'] }),
  web('POST', '/api/generate-video', 'session', { subject: media.generateVideo, rateLimits: ['generateVideo'], timeoutMs: GENERATE_VIDEO_TIMEOUT_MS }),
  // Ours: a video still rendering when the wait ran out, polled by the job id it answered.
  web('GET', '/api/generate-video/:jobId', 'session', { subject: media.videoJob }),
  web('POST', '/api/webhooks/stream', 'none', { subject: media.streamWebhook, headers: [STREAM_SIGNATURE_HEADER], rawBody: true }),

  backend('GET', '/health', 'none', { edge: 'backendHealth' }),
  backend('POST', '/api/validate-key', 'none', { subject: id.validateKeyHeader, headers: ['authorization'] }),
  backend('GET', '/api/ai/health', 'none', { subject: ai.health, ...AI }),
  backend('GET', '/api/ai/models', 'none', { subject: ai.models, ...AI }),
  backend('GET', '/api/ai/models/:provider', 'none', { subject: ai.providerModels, ...AI }),
  backend('POST', '/api/ai/models/select', 'internal', { subject: ai.selectModel, ...AI }),
  backend('POST', '/api/ai/chat', 'internal', { subject: ai.chat, ...AI, timeoutMs: AI_CHAT_TIMEOUT_MS, streams: true }),
  backend('POST', '/api/ai/estimate-cost', 'internal', { subject: ai.estimateCost, ...AI }),
  backend('GET', '/api/usage/summary', 'internal', { subject: usage.summary, headers: USER_SCOPE }),
  backend('GET', '/api/usage/by-agent/:agentId', 'internal', { subject: usage.byAgent, headers: USER_SCOPE }),
  backend('GET', '/api/usage/by-model', 'internal', { subject: usage.byModel, headers: USER_SCOPE }),
  backend('GET', '/api/usage/daily', 'internal', { subject: usage.daily, headers: USER_SCOPE }),
  backend('GET', '/api/usage/tools', 'internal', { subject: usage.tools, headers: USER_SCOPE }),
  backend('GET', '/api/agents', 'internal', { subject: ag.list }),
  backend('POST', '/api/agents', 'internal', { subject: ag.create }),
  backend('GET', '/api/agents/clone', 'none', { subject: ag.cloneHealth }),
  backend('POST', '/api/agents/clone', 'internal', { subject: ag.clone }),
  backend('GET', '/api/agents/:id', 'internal', { subject: ag.get }),
  backend('GET', '/api/agents/:id/verification', 'internal', { subject: ag.getVerification }),
  backend('GET', '/api/agent-runtime/instances', 'internal', { subject: ag.runtimeInstances }),
  backend('PUT', '/api/agents/:id', 'internal', { subject: ag.update }),
  backend('DELETE', '/api/agents/:id', 'internal', { subject: ag.delete }),
  ...AGENT_ACTIONS.map(([method, path, subject]) => backend(method, path, 'internal', agentAction(subject))),
  backend('POST', '/api/deployments', 'internal', { subject: ag.deploy, rateLimits: ['deployments'] }),
  backend('POST', '/api/subscriptions/deploy', 'internal', { subject: billing.deploySubscription }),
  backend('POST', '/api/register-home', 'internal', { subject: ag.registerHome }),
  backend('POST', '/api/register-link', 'internal', { subject: ag.registerLink }),
  backend('GET', '/api/installations', 'internal', { subject: ag.listInstallations }),
  backend('POST', '/api/heartbeat', 'none', { subject: ag.installationHeartbeat }),
  backend('POST', '/api/underground/wallets', 'internal', { subject: wallet.createAgentWallet }),
  backend('GET', '/api/underground/wallets/:address/balance', 'internal', { subject: wallet.agentWalletBalance }),
  backend('POST', '/api/underground/splits', 'internal', { subject: wallet.createSplit }),
  backend('GET', '/api/underground/splits/:id', 'internal', { subject: wallet.getSplit }),
  // Ours: a booking's fee held on chain and released to the agent it pays (the booking-settlement skill's; docs/wallet.md).
  backend('POST', '/api/underground/escrows', 'internal', { subject: wallet.createEscrow, timeoutMs: ESCROW_TIMEOUT_MS }),
  backend('GET', '/api/underground/escrows', 'internal', { subject: wallet.listEscrows }),
  backend('GET', '/api/underground/escrows/:bookingId', 'internal', { subject: wallet.getEscrow }),
  backend('POST', '/api/underground/escrows/:bookingId/release', 'internal', { subject: wallet.releaseEscrow, timeoutMs: ESCROW_TIMEOUT_MS }),
  // Signed per message, no bearer (extended-services 5).
  backend('POST', '/api/underground/bus/send', 'none', { subject: bus.send }),
  // Ours: an agent runtime sends as its agent, the wallet service signing (the key never leaves it).
  backend('POST', '/api/underground/bus/agents/:agentId/send', 'internal', { subject: bus.sendAsAgent }),
  backend('GET', '/api/underground/bus/messages/:messageId', 'internal', { subject: bus.messageStatus }),
  backend('POST', '/api/underground/bus/subscriptions', 'internal', { subject: bus.subscribe }),
  backend('DELETE', '/api/underground/bus/subscriptions', 'internal', { subject: bus.unsubscribe }),
  backend('GET', '/api/underground/events', 'internal', { subject: bus.listEvents }),
  backend('POST', '/api/underground/events', 'internal', { subject: bus.createEvent }),
  // Ours: an agent acting for its owner (x-user-id), the same operations as the web's /api/calendar.
  backend('GET', '/api/calendar', 'internal', { subject: calendar.query }),
  backend('POST', '/api/calendar', 'internal', { subject: calendar.action }),
  backend('POST', '/api/skills/:skill', 'internal', { subject: skills.use, timeoutMs: SKILL_USE_TIMEOUT_MS }),
  backend('GET', '/api/metrics', 'internal', { subject: usage.metrics }),
  backend('GET', '/api/metrics/:userId/historical', 'internal', { subject: usage.metricsHistorical }),
  backend('GET', '/api/metrics/:userId/performance', 'internal', { subject: usage.metricsPerformance }),
  backend('GET', '/api/metrics/:userId/summary', 'internal', { subject: usage.metricsSummary }),
  // The file explorer (extended-services 4.12): an agent's workspace with agentId, else BROWSE_ROOT (docs/agents.md).
  backend('GET', '/api/browse/tree', 'internal', { subject: ag.browseTree }),
  backend('GET', '/api/browse/read', 'internal', { subject: ag.browseRead }),
  backend('POST', '/api/browse/write', 'internal', { subject: ag.browseWrite }),
  backend('GET', '/api/browse/git-status', 'internal', { subject: ag.gitStatus }),
  backend('GET', '/api/browse/git-diff', 'internal', { subject: ag.gitDiff }),
  backend('POST', '/api/browse/git-sync', 'internal', { subject: ag.gitSync, timeoutMs: GIT_SYNC_TIMEOUT_MS }),
  backend('GET', '/api/browse/git-log', 'internal', { subject: ag.gitLog }),

  summarizer('GET', '/', { subject: sum.info }),
  summarizer('GET', '/health', { subject: sum.health }),
  summarizer('POST', '/api/summarize', { subject: sum.summarize, rateLimits: ['summarizer'], timeoutMs: SUMMARIZE_TIMEOUT_MS }),
  summarizer('POST', '/api/extract', { subject: sum.extract, rateLimits: ['summarizer'], timeoutMs: SUMMARIZE_TIMEOUT_MS }),

  // Ours: each surface says whether its NATS connection is up, for a load balancer or orchestrator.
  ...SURFACES.map((surface): RouteDef => ({ surface, method: 'GET', path: '/readyz', auth: 'none', edge: 'readiness' })),
];

/**
 * Subjects answered with an HTTP reply (status and body, errors included). Every other subject is
 * a service-to-service query: its answer is data, and a failure travels as an error, never as data.
 */
export const ROUTE_SUBJECTS: ReadonlySet<string> = new Set(ROUTES.flatMap((route) => (route.subject ? [route.subject] : [])));
