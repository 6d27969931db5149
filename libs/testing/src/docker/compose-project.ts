import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** `docker compose` (the v2 plugin) when the client has it, else Debian's `docker-compose` 1.29. */
function composeCommand(): string[] {
  return spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0 ? ['docker', 'compose'] : ['docker-compose'];
}

/** The repository's docker-compose.yml under a project name of its own, with `env` for its ${...} variables. */
export class ComposeProject {
  private readonly command = composeCommand();

  constructor(readonly name: string, private readonly env: Record<string, string>) {}

  /** Runs one compose command; throws with its output when it fails. */
  run(args: string[], timeoutMs = 600_000): string {
    const [program, ...prefix] = this.command;
    const result = spawnSync(program!, [...prefix, '-p', this.name, '-f', path.join(ROOT, 'docker-compose.yml'), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...this.env },
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) {
      throw new Error(`compose ${args.join(' ')} exited with ${result.status ?? result.signal}:\n${result.stdout}\n${result.stderr}`);
    }
    return result.stdout;
  }

  /** Every service, from images already built (scripts/images.mjs): compose waits for healthchecks and the migration. */
  up(): void {
    this.run(['up', '-d', '--no-build']);
  }

  /**
   * Each container's healthcheck status (`healthy`, `starting`, `unhealthy`), or its state when it has
   * none, by service. Found by the project's label with the Go client: a docker-compose 1.29 process
   * (Python) per look cost the services booting beside it half a second of CPU.
   */
  health(): Record<string, string> {
    const listed = spawnSync('docker', ['ps', '-a', '-q', '--filter', `label=com.docker.compose.project=${this.name}`], { encoding: 'utf8' });
    const ids = listed.stdout.split('\n').filter(Boolean);
    if (!ids.length) return {};
    const inspected = spawnSync('docker', ['inspect', '--format', '{{index .Config.Labels "com.docker.compose.service"}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}', ...ids], { encoding: 'utf8' });
    return Object.fromEntries(inspected.stdout.split('\n').filter(Boolean).map((line) => line.split(' ') as [string, string]));
  }

  /** The last lines of every service's log, for a failure's message. */
  logs(lines = 30): string {
    try {
      return this.run(['logs', '--no-color', '--tail', String(lines)], 60_000);
    } catch (error) {
      return (error as Error).message;
    }
  }

  /** Containers, network and volumes: nothing of the project stays behind. */
  down(): void {
    this.run(['down', '-v', '--remove-orphans', '--timeout', '5'], 180_000);
  }
}
