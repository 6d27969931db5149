import { ConfigError } from './load-env.js';

/**
 * The one way a service process starts: a bad variable is one clear line and exit code 1,
 * anything else that stops boot is logged whole.
 */
export async function runMain(service: string, start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
    process.stdout.write(`${JSON.stringify({ level: 30, service, msg: `${service} started` })}\n`);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${service}: ${error.message}\n`);
    } else {
      process.stderr.write(`${service}: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
    process.exit(1);
  }
}
