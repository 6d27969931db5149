import { describeOutage } from './describe-outage.js';

describeOutage({
  server: 'redis',
  failing: ['chat:alice', 'chat:bob'],
  serving: ['keys:bob', 'dashboard:alice', 'register'],
  loggedOnce: ['redis unavailable', 'redis available again'],
});
