import { describeOutage } from './describe-outage.js';

describeOutage({
  server: 'postgres',
  failing: ['keys:bob', 'dashboard:alice', 'register', 'stranger:keys'],
  loggedOnce: ['postgres unavailable', 'postgres available again'],
});
