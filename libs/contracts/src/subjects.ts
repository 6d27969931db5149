/**
 * Request/reply subjects, `svc.<service>.<operation>`. The messaging layer adds NATS_PREFIX;
 * nothing outside libs/contracts writes a subject by hand.
 */
export const SUBJECTS = {
  identity: {
    register: 'svc.identity.register',
    login: 'svc.identity.login',
    session: 'svc.identity.session',
    signout: 'svc.identity.signout',
    resolveSession: 'svc.identity.resolve_session',
    resolveApiKey: 'svc.identity.resolve_api_key',
    getUser: 'svc.identity.get_user',
    updateProfile: 'svc.identity.update_profile',
    changePassword: 'svc.identity.change_password',
    forgotPassword: 'svc.identity.forgot_password',
    resetPassword: 'svc.identity.reset_password',
    listKeys: 'svc.identity.list_keys',
    createKey: 'svc.identity.create_key',
    getKey: 'svc.identity.get_key',
    deleteKey: 'svc.identity.delete_key',
    validateKey: 'svc.identity.validate_key',
    validateKeyHeader: 'svc.identity.validate_key_header',
  },
  agents: {
    hostingStatus: 'svc.agents.hosting_status',
    watchTargets: 'svc.agents.watch_targets',
    healthReport: 'svc.agents.health_report',
    watchdogRepair: 'svc.agents.watchdog_repair',
    watchdogFail: 'svc.agents.watchdog_fail',
    names: 'svc.agents.names',
    list: 'svc.agents.list',
    get: 'svc.agents.get',
    create: 'svc.agents.create',
    update: 'svc.agents.update',
    delete: 'svc.agents.delete',
    provision: 'svc.agents.provision',
    listProvisioned: 'svc.agents.list_provisioned',
    deploy: 'svc.agents.deploy',
    start: 'svc.agents.start',
    stop: 'svc.agents.stop',
    restart: 'svc.agents.restart',
    upgrade: 'svc.agents.upgrade',
    repair: 'svc.agents.repair',
    resetMemory: 'svc.agents.reset_memory',
    stats: 'svc.agents.stats',
    messages: 'svc.agents.messages',
    sendMessage: 'svc.agents.send_message',
    token: 'svc.agents.token',
    getConfig: 'svc.agents.get_config',
    putConfig: 'svc.agents.put_config',
    getHeartbeat: 'svc.agents.get_heartbeat',
    saveHeartbeat: 'svc.agents.save_heartbeat',
    deleteHeartbeat: 'svc.agents.delete_heartbeat',
    registerHome: 'svc.agents.register_home',
    registerLink: 'svc.agents.register_link',
    listInstallations: 'svc.agents.list_installations',
    installationHeartbeat: 'svc.agents.installation_heartbeat',
  },
  ai: {
    health: 'svc.ai.health',
    models: 'svc.ai.models',
    providerModels: 'svc.ai.provider_models',
    selectModel: 'svc.ai.select_model',
    chat: 'svc.ai.chat',
    estimateCost: 'svc.ai.estimate_cost',
    demoModels: 'svc.ai.demo_models',
    demoChat: 'svc.ai.demo_chat',
  },
  usage: {
    costDashboard: 'svc.usage.cost_dashboard',
    summary: 'svc.usage.summary',
    byAgent: 'svc.usage.by_agent',
    byModel: 'svc.usage.by_model',
    daily: 'svc.usage.daily',
    tools: 'svc.usage.tools',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type Subject = Leaves<typeof SUBJECTS>;

/** The services that answer request/reply subjects, as SUBJECTS groups them. */
export type SubjectGroup = keyof typeof SUBJECTS;

/** Which group (the service answering it) each subject belongs to. */
export const SUBJECT_GROUP: ReadonlyMap<string, SubjectGroup> = new Map(
  Object.entries(SUBJECTS).flatMap(([group, subjects]) => Object.values(subjects).map((subject): [string, SubjectGroup] => [subject, group as SubjectGroup])),
);
