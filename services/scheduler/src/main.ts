import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startScheduler } from './scheduler.app.js';

await runMain('scheduler', () => startScheduler(process.env));
