import { describeOutage } from './describe-outage.js';

describeOutage({
  server: 'postgres',
  failing: ['keys:bob', 'dashboard:alice', 'register', 'stranger:keys', 'stranger:session', 'stranger:dashboard'],
  serving: ['chat:alice', 'chat:bob'],
  readinessWhileDown: { status: 200, failing: [], degraded: [] },
  loggedOnce: ['postgres unavailable', 'postgres available again'],
});
