import { jest } from '@jest/globals';
import { ConfigError } from './load-env.js';
import { runMain } from './run-main.js';

describe('runMain', () => {
  let exit: jest.SpiedFunction<typeof process.exit>;
  let stderr: jest.SpiedFunction<typeof process.stderr.write>;

  beforeEach(() => {
    exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('stops with exit code 1 and one line naming the variable when the env is invalid', async () => {
    await runMain('identity', async () => {
      throw new ConfigError('Invalid environment variable WEB_PORT (got "x"): WEB_PORT must be an integer number');
    });
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr.mock.calls).toEqual([['identity: Invalid environment variable WEB_PORT (got "x"): WEB_PORT must be an integer number\n']]);
  });

  it('stops with the given exit code when the env is invalid and the process asks for one', async () => {
    await runMain('agent-runtime', async () => {
      throw new ConfigError('Invalid environment variable AGENT_ID');
    }, { configErrorExitCode: 78 });
    expect(exit).toHaveBeenCalledWith(78);
    expect(stderr.mock.calls).toEqual([['agent-runtime: Invalid environment variable AGENT_ID\n']]);
  });

  it('stops with exit code 1 when anything else fails at boot, the stack logged and the error in one last line', async () => {
    const error = new Error('listen EADDRINUSE: address already in use 127.0.0.1:18789');
    await runMain('agent-runtime', async () => {
      throw error;
    });
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr.mock.calls).toEqual([[`${error.stack}\n`], ['agent-runtime: failed to start: Error: listen EADDRINUSE: address already in use 127.0.0.1:18789\n']]);
  });

  it('keeps the last line one line when the error spans several', async () => {
    await runMain('identity', async () => {
      throw 'database is down\n  (connection refused)';
    });
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr.mock.calls).toEqual([['identity: failed to start: database is down (connection refused)\n']]);
  });

  it('does not exit when the service starts', async () => {
    await runMain('identity', async () => undefined);
    expect(exit).not.toHaveBeenCalled();
  });
});
