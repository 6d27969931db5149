import { ConfigError } from './load-env.js';

/**
 * The one way a service process starts: a bad variable is one clear line and exit code 1
 * (or `configErrorExitCode`), anything else that stops boot is logged whole.
 */
export async function runMain(service: string, start: () => Promise<unknown>, { configErrorExitCode = 1 } = {}): Promise<void> {
  try {
    await start();
    process.stdout.write(`${JSON.stringify({ level: 30, service, msg: `${service} started` })}\n`);
  } catch (error) {
    const config = error instanceof ConfigError;
    process.stderr.write(config
      ? `${service}: ${error.message}\n`
      : `${service}: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(config ? configErrorExitCode : 1);
  }
}
