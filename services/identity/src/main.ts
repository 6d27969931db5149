import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startIdentity } from './identity.app.js';

await runMain('identity', () => startIdentity(process.env));
