import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startUsage } from './usage.app.js';

await runMain('usage', () => startUsage(process.env));
