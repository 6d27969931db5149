import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Db } from '@platform/database';
import { Outbox } from '@platform/messaging';
import { UserEntity } from '../users/user.entity.js';
import { UserRegistrations } from '../users/user-registrations.js';
import { WalletLinkEntity } from './wallet-link.entity.js';

/** The email a wallet's user has (platform-core 4.4). */
export const walletEmail = (address: string): string => `${address.toLowerCase()}@wallet.service`;

/** The user a wallet signs in as: its linked one, else the one with the wallet's email, else a new one. */
@Injectable()
export class WalletUsers {
  constructor(private readonly db: Db, private readonly outbox: Outbox, private readonly registrations: UserRegistrations) {}

  async signInAs(address: string, chainId: number): Promise<{ user: UserEntity; created: boolean }> {
    const lower = address.toLowerCase();
    const result = await this.db.asSystem(async (manager) => {
      const links = manager.getRepository(WalletLinkEntity);
      const users = manager.getRepository(UserEntity);
      const link = await links.findOneBy({ address: lower });
      const linked = link ? await users.findOneBy({ id: link.userId }) : null;
      if (linked) {
        await links.update({ address: lower }, { lastSignInAt: new Date() });
        return { user: linked, created: false };
      }
      const existing = await users.findOneBy({ email: walletEmail(lower) });
      const found = existing ? { user: existing, created: false } : await this.create(manager, lower);
      // A concurrent first sign-in of the same wallet may have linked it already: same user either way.
      await links.createQueryBuilder().insert().values({ address: lower, userId: found.user.id, chainId, lastSignInAt: new Date() }).orIgnore().execute();
      return found;
    });
    if (result.created) void this.outbox.flush();
    return result;
  }

  private async create(manager: EntityManager, address: string): Promise<{ user: UserEntity; created: boolean }> {
    const email = walletEmail(address);
    const user = await this.registrations.create(manager, { email, name: address, passwordHash: null });
    return user ? { user, created: true } : { user: await manager.findOneByOrFail(UserEntity, { email }), created: false };
  }
}
