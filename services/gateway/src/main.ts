import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startGateway } from './gateway.app.js';

await runMain('gateway', async () => {
  const gateway = await startGateway(process.env);
  process.stdout.write(`${JSON.stringify({ level: 30, service: 'gateway', msg: 'listening', ...gateway.urls, ops: gateway.opsUrl })}\n`);
});
