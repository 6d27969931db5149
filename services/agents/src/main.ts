import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startAgents } from './agents.app.js';

await runMain('agents', () => startAgents(process.env));
