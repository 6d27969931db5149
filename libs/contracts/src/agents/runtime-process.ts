/**
 * What an agent runtime process tells its hosting provider without HTTP: its exit code and the
 * first words of its last log line. Both sides read them from here.
 */

/** sysexits.h EX_CONFIG: the agent's configuration is wrong; running it again would fail again. */
export const CONFIG_ERROR_EXIT_CODE = 78;

/** The runtime's process name, which prefixes the one line it writes when it cannot start. */
export const AGENT_RUNTIME_PROCESS = 'agent-runtime';

/** The file in an agent's data directory that holds its memory store: a clone starts with a copy of its parent's. */
export const RUNTIME_MEMORY_FILE = 'memory.json';
