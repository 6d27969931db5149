import 'reflect-metadata';
import { runMain } from '@platform/config';
import { AGENT_RUNTIME_PROCESS, CONFIG_ERROR_EXIT_CODE } from '@platform/contracts';
import { startRuntime } from './runtime.app.js';

// Exit code 78 (EX_CONFIG) tells the platform not to restart this agent: the same config would fail again.
await runMain(AGENT_RUNTIME_PROCESS, () => startRuntime(process.env), { configErrorExitCode: CONFIG_ERROR_EXIT_CODE });
