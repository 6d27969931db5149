import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { CodeHostUser } from './code-host-user.model.js';

/** Who authorizes next, the codes handed out and the access tokens they became, in memory. */
@Injectable()
export class CodeHostStore {
  private next: CodeHostUser | null = null;
  private nextId = 1000;
  private readonly codes = new Map<string, { user: CodeHostUser; clientId: string; redirectUri: string }>();
  private readonly tokens = new Map<string, CodeHostUser>();

  queue(user: Omit<CodeHostUser, 'id'>): CodeHostUser {
    this.nextId += 1;
    this.next = { ...user, id: this.nextId };
    return this.next;
  }

  /** A code for the queued user, used once; null when nobody is queued. */
  issueCode(clientId: string, redirectUri: string): string | null {
    const user = this.next;
    this.next = null;
    if (!user) return null;
    const code = randomBytes(10).toString('hex');
    this.codes.set(code, { user, clientId, redirectUri });
    return code;
  }

  redeem(code: string, clientId: string): string | null {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.clientId !== clientId) return null;
    const token = `gho_${randomBytes(18).toString('hex')}`;
    this.tokens.set(token, grant.user);
    return token;
  }

  userOf(token: string): CodeHostUser | undefined {
    return this.tokens.get(token);
  }
}
