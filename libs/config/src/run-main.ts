import { ConfigError } from './load-env.js';

/** An error as one line: a platform keeps a stopped process's last line as why it stopped. */
const oneLine = (error: unknown): string => String(error).replace(/\s*\n\s*/g, ' ');

/**
 * The one way a service process starts: a bad variable is one clear line and exit code 1
 * (or `configErrorExitCode`), anything else that stops boot is logged whole (the stack), then
 * summed up in one last line, `<service>: failed to start: <error>`, and exit code 1.
 */
export async function runMain(service: string, start: () => Promise<unknown>, { configErrorExitCode = 1 } = {}): Promise<void> {
  try {
    await start();
    process.stdout.write(`${JSON.stringify({ level: 30, service, msg: `${service} started` })}\n`);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${service}: ${error.message}\n`);
      process.exit(configErrorExitCode);
      return;
    }
    // The stack for whoever reads the log; the message last, where the local provider and the
    // container engines' logs keep an agent runtime's last words (runtime-answer.ts lastWordsOf).
    if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.stderr.write(`${service}: failed to start: ${oneLine(error)}\n`);
    process.exit(1);
  }
}
