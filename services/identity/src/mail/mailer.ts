import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { IdentityEnv } from '../identity.env.js';

/** SMTP out; in development and tests SMTP_URL points at the sandbox's mail catcher. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {
    this.transport = nodemailer.createTransport(env.SMTP_URL);
  }

  async sendResetLink(to: string, name: string, link: string): Promise<void> {
    await this.transport.sendMail({
      from: this.env.MAIL_FROM,
      to,
      subject: 'Reset your password',
      text: `Hello ${name},\n\nUse this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this email.`,
    });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
