import { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { databaseFailure } from './database-errors.js';

export interface BootWait {
  /** How long a booting service waits for PostgreSQL to take its first connection. */
  deadlineMs: number;
  /** The pause after the first refusal, doubled after each one up to `maxPauseMs`. */
  firstPauseMs: number;
  maxPauseMs: number;
}

/**
 * A machine that starts every service at once (compose up, a node's reboot) can take longer than a
 * request's connection timeout to open the first connection: the service then died and its
 * supervisor restarted it after a delay that grows with each death (Docker's doubles), which kept
 * services down for minutes after PostgreSQL was serving. Refusals that mean the server is not
 * there yet are waited out until `deadlineMs`; anything else (a wrong password, a missing
 * database) still fails the boot at once.
 */
export const BOOT_WAIT: BootWait = { deadlineMs: 60_000, firstPauseMs: 250, maxPauseMs: 4000 };

const logger = new Logger('Database');

/** A data source initialized, each attempt on a fresh one from `create`, as BOOT_WAIT says. */
export async function connectAtBoot(create: () => DataSource, wait: BootWait = BOOT_WAIT): Promise<DataSource> {
  const deadline = Date.now() + wait.deadlineMs;
  let pause = wait.firstPauseMs;
  for (;;) {
    try {
      return await create().initialize();
    } catch (error) {
      if (databaseFailure(error) !== 'unreachable' || Date.now() + pause > deadline) throw error;
      logger.warn({ msg: 'PostgreSQL not reachable yet at boot, trying again', retryInMs: pause, cause: error instanceof Error ? error.message : String(error) });
      await sleep(pause);
      pause = Math.min(pause * 2, wait.maxPauseMs);
    }
  }
}
