import type { EdgeHandler, Surface } from '../routes.js';
import { SUBJECTS, type Subject } from '../subjects.js';
import type { ViewName } from './view-schemas.generated.js';

/** A view by its interface's name (view-schemas.generated.ts), or a list of them. */
export type ViewRef = ViewName | `${ViewName}[]`;

export interface SuccessDef {
  status: 200 | 201 | 202 | 302 | 303;
  /** The body's view; none when it is not a named view yet (docs/operations.md) or a redirect. */
  view?: ViewRef;
  /** When the answer differs by surface: only there. */
  surface?: Surface;
  /** When this answer is given, or where a redirect goes. */
  note?: string;
}

const { identity: id, ai, agents: ag, billing, usage, wallet, bus, calendar, scheduler, feeds, skills, summarizer: sum, media } = SUBJECTS;

const OK: SuccessDef[] = [{ status: 200 }];
const view = (name: ViewRef, status: SuccessDef['status'] = 200): SuccessDef[] => [{ status, view: name }];
/** Made now (201), or the one that already existed (200): the same view either way. */
const madeOrFound = (name: ViewName): SuccessDef[] => [{ status: 201, view: name, note: 'Made now.' }, { status: 200, view: name, note: 'It existed already.' }];
const SIGN_IN_START: SuccessDef[] = [{ status: 302, note: 'To the provider’s consent page, the sealed sign-in state set as a cookie.' }];
const SIGN_IN_CALLBACK: SuccessDef[] = [{ status: 302, note: 'Signed in: to the app with the session cookie; refused: to `/login?error=…`.' }];

/**
 * What each route's subject (or edge handler) answers on success: its status and view, read from
 * the services' handlers (`ok`, `created`, a redirect). The API document writes one response per
 * status; every row of ROUTES has its entry (api-document.spec.ts).
 */
export const ROUTE_SUCCESS: Partial<Record<Subject | EdgeHandler, SuccessDef[]>> = {
  hostHealth: OK,
  backendHealth: view('BackendHealthView'),
  readiness: OK,
  apiDocument: [{ status: 200, note: 'The OpenAPI 3.1 document of the surface asked for.' }],

  [id.register]: view('RegisteredUserView', 201),
  [id.login]: [{ status: 200, view: 'SignedInView', note: 'With the session cookie.' }],
  [id.session]: view('SessionView'),
  [id.signout]: [{ status: 200, view: 'OkReply', note: 'The session cookie cleared.' }],
  [id.forgotPassword]: view('ResetLinkSentView'),
  [id.resetPassword]: view('OkReply'),
  [id.authNonce]: view('NonceView'),
  [id.walletAuth]: [{ status: 200, view: 'WalletAuthView', note: 'With the session cookie.' }],
  [id.gateTokenAccess]: view('GateTokenAccessView'),
  [id.idpStart]: SIGN_IN_START,
  [id.idpCallback]: SIGN_IN_CALLBACK,
  [id.codeHostStart]: SIGN_IN_START,
  [id.codeHostCallback]: SIGN_IN_CALLBACK,
  [id.idpVerify]: OK,
  [id.idpVerifyInfo]: OK,
  [id.idpRefresh]: view('IdpRefreshedView'),
  [id.idpRefreshInfo]: OK,
  [id.riscReceive]: [{ status: 202, note: 'Accepted, processed asynchronously; no body.' }],
  [id.riscLegacyReceive]: [{ status: 202, note: 'Accepted, processed asynchronously; no body.' }],
  [id.riscInfo]: OK,
  [id.getUser]: view('UserReply'),
  [id.updateProfile]: view('UserReply'),
  [id.changePassword]: view('OkReply'),
  [id.listKeys]: view('ApiKeyList'),
  [id.createKey]: view('CreatedApiKeyView', 201),
  [id.validateKey]: view('KeyValidationView'),
  [id.validateKeyHeader]: view('KeyValidationView'),
  [id.getKey]: view('ApiKeyDetailView'),
  [id.updateKey]: view('ApiKeyView'),
  [id.deleteKey]: view('SuccessReply'),

  [ai.demoModels]: view('DemoModelsView'),
  [ai.demoChat]: view('DemoChatView'),
  [ai.webChat]: view('ChatReply'),
  [ai.completions]: view('ChatCompletionView'),
  [ai.gatewayModels]: view('ModelListView'),
  [ai.health]: view('AiHealthView'),
  [ai.models]: view('ModelCatalogueView'),
  [ai.providerModels]: view('ProviderModelsView'),
  [ai.selectModel]: view('SelectedModelView'),
  [ai.chat]: view('ChatReply'),
  [ai.estimateCost]: view('CostEstimateView'),

  [usage.costDashboard]: view('CostDashboard'),
  [usage.summary]: view('UsageSummaryItem[]'),
  [usage.byAgent]: view('UsageByAgentItem[]'),
  [usage.byModel]: view('UsageByModelItem[]'),
  [usage.daily]: view('UsageDailyItem[]'),
  [usage.tools]: view('ToolUsageItem[]'),
  [usage.metrics]: view('PlatformMetricsReply'),
  [usage.metricsHistorical]: view('HistoricalMetrics'),
  [usage.metricsPerformance]: view('PerformanceMetrics'),
  [usage.metricsSummary]: view('MetricsSummary'),

  [ag.list]: [{ status: 200, view: 'WebAgentList', surface: 'web' }, { status: 200, view: 'BackendAgentListItem[]', surface: 'backend' }],
  [ag.get]: [{ status: 200, view: 'WebAgentDetail', surface: 'web' }, { status: 200, view: 'AgentDetail', surface: 'backend' }],
  [ag.listProvisioned]: view('ProvisionedAgentList'),
  [ag.provision]: view('ProvisionedAgentView', 201),
  [ag.cloneHealth]: view('CloneServiceHealth'),
  [ag.clone]: view('CloneResult', 201),
  [ag.create]: view('CreatedAgentView', 201),
  [ag.update]: view('UpdatedAgentView'),
  [ag.delete]: view('DeletedAgentView'),
  [ag.deploy]: view('DeploymentView', 201),
  [ag.verify]: view('VerificationView'),
  [ag.getVerification]: view('VerificationView'),
  [ag.clearVerification]: view('VerificationCleared'),
  [ag.start]: view('AgentActionReply'),
  [ag.stop]: view('AgentActionReply'),
  [ag.restart]: view('AgentActionReply'),
  [ag.upgrade]: view('AgentActionReply'),
  [ag.repair]: view('AgentActionReply'),
  [ag.resetMemory]: OK,
  [ag.stats]: OK,
  [ag.messages]: OK,
  [ag.sendMessage]: OK,
  [ag.token]: view('AgentTokenView'),
  [ag.getConfig]: view('AgentConfigView'),
  [ag.putConfig]: view('AgentConfigSaved'),
  [ag.instanceHealth]: OK,
  [ag.instanceStats]: OK,
  [ag.runtimeInstances]: view('RuntimeInstancesReply'),
  [ag.registerHome]: view('InstallationRegistered'),
  [ag.registerLink]: view('InstallationRegistered'),
  [ag.listInstallations]: view('InstallationList'),
  [ag.installationHeartbeat]: view('InstallationHeartbeatReply'),
  [ag.getHeartbeat]: view('HeartbeatReply'),
  [ag.saveHeartbeat]: view('HeartbeatReply'),
  [ag.deleteHeartbeat]: view('SuccessReply'),
  [ag.installSkill]: view('SkillInstalledReply'),
  [ag.uninstallSkill]: view('SuccessReply'),
  [ag.browseTree]: view('BrowseTreeReply'),
  [ag.browseRead]: view('BrowseReadReply'),
  [ag.browseWrite]: view('BrowseWriteReply'),
  [ag.gitStatus]: view('GitStatusReply'),
  [ag.gitDiff]: view('GitDiffReply'),
  [ag.gitSync]: view('GitSyncReply'),
  [ag.gitLog]: view('GitLogReply'),

  [billing.overview]: view('BillingOverview'),
  [billing.action]: OK,
  [billing.checkout]: [{ status: 303, note: 'To the processor’s checkout, or back to the app with the reason.' }],
  [billing.webhook]: view('ReceivedReply'),
  [billing.deploySubscription]: view('DeployResult'),

  [wallet.get]: OK,
  [wallet.action]: OK,
  [wallet.address]: OK,
  [wallet.createCustodial]: OK,
  [wallet.custodialInfo]: OK,
  [wallet.importCustodial]: OK,
  [wallet.topUp]: view('TopUpCheckoutReply'),
  [wallet.transactions]: view('WalletTransactionsView'),
  [wallet.createAgentWallet]: madeOrFound('AgentWalletView'),
  [wallet.agentWalletBalance]: view('AgentWalletBalanceView'),
  [wallet.createSplit]: view('SplitQueuedReply'),
  [wallet.getSplit]: view('SplitView'),
  [wallet.createEscrow]: view('EscrowView', 201),
  [wallet.listEscrows]: view('EscrowListView'),
  [wallet.getEscrow]: view('EscrowView'),
  [wallet.releaseEscrow]: view('EscrowView'),

  [bus.send]: view('BusSendReply'),
  [bus.sendAsAgent]: view('BusSendReply'),
  [bus.messageStatus]: view('BusMessageView'),
  [bus.subscribe]: madeOrFound('BusSubscriptionView'),
  [bus.unsubscribe]: view('BusUnsubscribedView'),
  [bus.listEvents]: view('UndergroundEventView[]'),
  [bus.createEvent]: view('UndergroundEventView', 201),

  [calendar.query]: [
    { status: 200, view: 'CalendarEventsView', note: '`action=list`.' },
    { status: 200, view: 'CalendarAvailabilityView', note: '`action=availability`.' },
    { status: 302, note: '`action=auth`: to the provider’s consent page.' },
  ],
  [calendar.action]: [
    { status: 200, view: 'CalendarAuthUrlView', note: '`connect`.' },
    { status: 200, view: 'CreatedCalendarEvent', note: '`create-event`.' },
    { status: 200, view: 'UpdatedCalendarEvent', note: '`update-event`.' },
    { status: 200, view: 'SuccessReply', note: '`delete-event`.' },
    { status: 200, view: 'QuickAddedCalendarEvent', note: '`quick-add`.' },
  ],
  [calendar.callback]: [{ status: 302, note: 'To the app’s calendar page, with the outcome in its query.' }],

  [scheduler.listTasks]: view('ScheduledTaskList'),
  [scheduler.createTask]: view('ScheduledTaskView', 201),
  [scheduler.updateTask]: view('ScheduledTaskView'),
  [scheduler.deleteTask]: view('DeletedScheduledTask'),
  [scheduler.listTaskRuns]: view('TaskRunList'),

  [feeds.datafeeds]: OK,
  [feeds.colonyStatus]: OK,
  [skills.list]: view('SkillListView'),
  [skills.use]: OK,

  [sum.info]: OK,
  [sum.health]: view('SummarizerHealthView'),
  [sum.summarize]: view('PageSummaryView'),
  [sum.extract]: view('PageExtractView'),

  [media.liveStreams]: view('LiveDjList'),
  [media.createStream]: view('CreatedStreamView'),
  [media.generateVideo]: [
    { status: 200, view: 'VideoUrlView', note: 'Ready within the wait.' },
    { status: 202, view: 'VideoJobView', note: 'Still rendering when the wait ran out: poll GET /api/generate-video/:jobId.' },
  ],
  [media.videoJob]: view('VideoJobView'),
  [media.streamWebhook]: view('ReceivedReply'),
};
