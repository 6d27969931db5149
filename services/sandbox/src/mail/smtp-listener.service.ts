import type { AddressInfo } from 'node:net';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerEnvelope } from 'smtp-server';
import { Clock } from '../clock.service.js';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import { toCaughtMail } from './caught-mail.mapper.js';
import { MailStore } from './mail-store.service.js';

/**
 * smtp-server waits this long for open client connections (an idle nodemailer pool, say) before
 * cutting them, so closing the sandbox at the end of a test file stays quick.
 */
const CLOSE_TIMEOUT_MS = 1000;

@Injectable()
export class SmtpListener implements OnModuleInit, OnModuleDestroy {
  private readonly server: SMTPServer;

  constructor(
    @Inject(SANDBOX_CONFIG) private readonly config: SandboxConfig,
    private readonly store: MailStore,
    private readonly clock: Clock,
  ) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // The reverse DNS lookup of each client only slows every message down; nobody reads it.
      disableReverseLookup: true,
      closeTimeout: CLOSE_TIMEOUT_MS,
      onData: (stream, session, callback) => {
        this.receive(stream, session.envelope).then(() => callback(), callback);
      },
    });
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  onModuleInit(): Promise<void> {
    return new Promise((resolve, reject) => {
      const failToListen = (error: Error) => reject(error);
      this.server.once('error', failToListen);
      this.server.listen(this.config.smtpPort, this.config.host, () => {
        this.server.off('error', failToListen);
        // A client that drops its connection must not take the sandbox down with it.
        this.server.on('error', () => undefined);
        resolve();
      });
    });
  }

  onModuleDestroy(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async receive(stream: SMTPServerDataStream, envelope: SMTPServerEnvelope): Promise<void> {
    const parsed = await simpleParser(stream);
    this.store.add(toCaughtMail(parsed, envelope, new Date(this.clock.now())));
  }
}
