import { describeOutage } from './describe-outage.js';

describeOutage({
  server: 'nats',
  failing: ['chat:alice', 'keys:bob', 'dashboard:alice', 'register', 'stranger:keys', 'stranger:session', 'stranger:dashboard'],
  serving: [],
  readinessWhileDown: { status: 503, failing: ['nats'], degraded: [] },
  loggedOnce: ['nats unavailable', 'nats available again', 'nats-handlers unavailable', 'nats-handlers available again'],
});
