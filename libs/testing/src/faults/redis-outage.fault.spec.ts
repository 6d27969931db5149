import { describeOutage } from './describe-outage.js';

describeOutage({
  server: 'redis',
  failing: ['chat:alice', 'chat:bob'],
  loggedOnce: ['redis unavailable', 'redis available again'],
});
