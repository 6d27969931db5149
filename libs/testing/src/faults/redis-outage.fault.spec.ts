import { describeOutage } from './describe-outage.js';

describeOutage({
  server: 'redis',
  failing: ['chat:alice', 'chat:bob'],
  serving: ['keys:bob', 'dashboard:alice', 'register'],
  readinessWhileDown: { status: 200, failing: [], degraded: ['redis'] },
  loggedOnce: ['redis unavailable', 'redis available again'],
});
