import { Injectable } from '@nestjs/common';
import type { IdpAccount } from './idp-account.model.js';

/**
 * Who signs in next, and everyone who has: the provider looks accounts up by subject when it
 * issues tokens and answers userinfo, after the authorization that took the next login.
 */
@Injectable()
export class IdpAccounts {
  private next: IdpAccount | null = null;
  private readonly known = new Map<string, IdpAccount>();

  queue(account: IdpAccount): void {
    this.next = account;
    this.known.set(account.sub, account);
  }

  /** The queued login, used once. */
  take(): IdpAccount | null {
    const account = this.next;
    this.next = null;
    return account;
  }

  find(sub: string): IdpAccount | undefined {
    return this.known.get(sub);
  }
}
