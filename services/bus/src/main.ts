import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startBus } from './bus.app.js';

await runMain('bus', () => startBus(process.env));
