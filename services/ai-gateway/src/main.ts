import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startAiGateway } from './ai-gateway.app.js';

await runMain('ai-gateway', () => startAiGateway(process.env));
