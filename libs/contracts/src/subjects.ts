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
