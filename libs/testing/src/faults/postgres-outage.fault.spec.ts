import { describeOutage } from './describe-outage.js';

describeOutage({
  server: 'postgres',
  // Not keys:bob: identity answers a list it read in the last 10 s from memory (KeyListCache), so the
  // outage may or may not reach it.
  failing: ['dashboard:alice', 'register', 'stranger:keys', 'stranger:session', 'stranger:dashboard'],
  serving: ['chat:alice', 'chat:bob'],
  readinessWhileDown: { status: 200, failing: [], degraded: [] },
  loggedOnce: ['postgres unavailable', 'postgres available again'],
});
