import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startBilling } from './billing.app.js';

await runMain('billing', () => startBilling(process.env));
