import { Inject, Injectable, Logger } from '@nestjs/common';
import { Dependency } from '@platform/config';
import { KeySpendQuery, SUBJECTS, validateAs, type KeySpendReply } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { IdentityEnv } from '../identity.env.js';

/** What each key cost this month, from the usage service, which owns usage. */
@Injectable()
export class KeySpendClient {
  /** The usage service not answering: logged once while it lasts, not once per key view. */
  private readonly usage = new Dependency('usage (key spend)', new Logger('KeySpend'));

  constructor(private readonly rpc: RpcClient, @Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  /**
   * Micro-dollars by key id, or null when the usage service does not answer within
   * KEY_SPEND_TIMEOUT_MS: spend is shown beside a key, whose view stays available without it.
   */
  async spentMicros(userId: string, keyIds: string[]): Promise<Record<string, number> | null> {
    if (!keyIds.length) return {};
    try {
      const query = validateAs(KeySpendQuery, { userId, keyIds });
      const { spentMicros } = await this.rpc.request<KeySpendReply>(SUBJECTS.usage.keySpend, query, this.env.KEY_SPEND_TIMEOUT_MS);
      this.usage.recovered();
      return spentMicros;
    } catch (error) {
      this.usage.failed(error);
      return null;
    }
  }
}
