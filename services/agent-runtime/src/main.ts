import 'reflect-metadata';
import { runMain } from '@platform/config';
import { CONFIG_ERROR_EXIT_CODE } from './runtime-config.js';
import { startRuntime } from './runtime.app.js';

// Exit code 78 (EX_CONFIG) tells the platform not to restart this agent: the same config would fail again.
await runMain('agent-runtime', () => startRuntime(process.env), { configErrorExitCode: CONFIG_ERROR_EXIT_CODE });
