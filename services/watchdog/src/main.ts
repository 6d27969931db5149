import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startWatchdog } from './watchdog.app.js';

await runMain('watchdog', () => startWatchdog(process.env));
