import { Injectable, Logger } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { IsNull, LessThan, Or } from 'typeorm';
import {
  API_KEY_PREFIX, ApiError, credentialDigest, featuresOf, IDENTITY_MESSAGES as M, microsToDollars, usdToMicros,
  type ApiKeyDetailView, type ApiKeyList, type ApiKeyView, type AuthContext, type CreatedApiKeyView, type KeyValidationView,
  type SuccessReply, type UpdateApiKeyDto,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { Clock } from '../clock.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AuthContextFactory } from '../users/auth-context.factory.js';
import { UserEntity } from '../users/user.entity.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { LOOKUP_PREFIX_LENGTH, newApiKey, previewOf } from './api-key-material.js';
import { KeyListCache } from './key-list-cache.js';
import { KeySpendClient } from './key-spend.client.js';

const BCRYPT_ROUNDS = 10;
/** lastUsed is a hint, not an audit log: write it at most once a minute per key. */
const LAST_USED_RESOLUTION_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key as GET /api/keys shows it: the columns of ApiKeyEntity that make its view. */
type ListedKey = Pick<ApiKeyEntity, 'id' | 'name' | 'keyPreview' | 'createdAt' | 'lastUsedAt' | 'monthlySpendCapMicros'>;

/** GET /api/keys, the hot read: one round trip through Db.readAs, RLS still scoping it to the user. */
const LIST_KEYS = `SELECT id, name, key_preview AS "keyPreview", created_at AS "createdAt", last_used_at AS "lastUsedAt",
    monthly_spend_cap_micros::float8 AS "monthlySpendCapMicros"
  FROM identity.api_keys WHERE user_id = $1 ORDER BY created_at DESC`;

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);

  constructor(
    private readonly db: Db,
    private readonly contexts: AuthContextFactory,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
    private readonly spend: KeySpendClient,
    private readonly lists: KeyListCache,
  ) {}

  async list(userId: string): Promise<ApiKeyList> {
    return this.lists.through(userId, async () => ({ keys: (await this.db.readAs<ListedKey>(userId, LIST_KEYS, [userId])).map(toView) }));
  }

  async create(
    userId: string, name: string, monthlySpendCap: number | null = null,
  ): Promise<CreatedApiKeyView> {
    const key = newApiKey();
    const saved = await this.db.withUser(userId, async (manager) => {
      const repository = manager.getRepository(ApiKeyEntity);
      return repository.save(repository.create({
        userId,
        name,
        keyPrefix: key.slice(0, LOOKUP_PREFIX_LENGTH),
        keyHash: await bcrypt.hash(key, BCRYPT_ROUNDS),
        keyDigest: credentialDigest(key),
        keyPreview: previewOf(key),
        lastUsedAt: null,
        monthlySpendCapMicros: monthlySpendCap === null ? null : usdToMicros(monthlySpendCap),
      }));
    });
    this.lists.changed(userId);
    return { id: saved.id, name: saved.name, key, createdAt: saved.createdAt.toISOString(), monthlySpendCap };
  }

  /** Another user's key is invisible under row-level security, so it is a 404 like a missing one. */
  async get(userId: string, id: string): Promise<ApiKeyDetailView> {
    const key = await this.owned(userId, id);
    const spent = await this.spend.spentMicros(userId, [key.id]);
    return { ...toView(key), spentThisMonth: spent === null ? null : microsToDollars(spent[key.id] ?? 0) };
  }

  /**
   * A new cap applies to the next call: the edge's cached AuthContext (which carries the cap) is
   * dropped through the same broadcast a deleted key uses.
   */
  async update(userId: string, id: string, dto: UpdateApiKeyDto): Promise<ApiKeyView> {
    if (dto.name === undefined && dto.monthlySpendCap === undefined) throw new ApiError(400, M.keyUpdateEmpty);
    const key = await this.owned(userId, id);
    if (dto.name !== undefined) key.name = dto.name;
    if (dto.monthlySpendCap !== undefined) key.monthlySpendCapMicros = dto.monthlySpendCap === null ? null : usdToMicros(dto.monthlySpendCap);
    await this.db.withUser(userId, (manager) => manager.getRepository(ApiKeyEntity).save(key));
    this.lists.changed(userId);
    if (dto.monthlySpendCap !== undefined) await this.sessions.announceRevocation(userId, 'api_key_changed');
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<SuccessReply> {
    const key = await this.owned(userId, id);
    await this.db.withUser(userId, (manager) => manager.getRepository(ApiKeyEntity).delete({ id: key.id }));
    this.lists.changed(userId);
    await this.sessions.announceRevocation(userId, 'api_key_deleted');
    return { success: true };
  }

  /** Edge authentication by `Authorization: Bearer sk_...`: one indexed digest lookup, no bcrypt. */
  async resolve(keyDigest: string): Promise<AuthContext | null> {
    const found = await this.findByDigest(keyDigest);
    if (!found) return null;
    return { ...this.contexts.for(found.user, 'apiKey'), apiKey: { id: found.key.id, monthlySpendCapMicros: found.key.monthlySpendCapMicros } };
  }

  /** POST /api/keys/validate: the planned shape, bcrypt-checked among keys sharing the prefix. */
  async validate(apiKey: string): Promise<KeyValidationView> {
    if (!apiKey.startsWith(API_KEY_PREFIX)) throw new ApiError(401, M.invalidApiKey);
    const candidates = await this.db.asSystem((manager) =>
      manager.getRepository(ApiKeyEntity).findBy({ keyPrefix: apiKey.slice(0, LOOKUP_PREFIX_LENGTH) }));
    for (const candidate of candidates) {
      if (await bcrypt.compare(apiKey, candidate.keyHash)) {
        const user = await this.db.asSystem((manager) => manager.getRepository(UserEntity).findOneByOrFail({ id: candidate.userId }));
        this.touch(candidate);
        return {
          valid: true,
          userId: user.id,
          email: user.email,
          plan: user.plan,
          subscriptionStatus: user.subscriptionStatus,
          features: featuresOf(user.plan),
        };
      }
    }
    throw new ApiError(401, M.invalidApiKey);
  }

  /** POST /api/validate-key (backend): SHA-256 of the raw key from the Authorization header. */
  async validateHeader(authorization: string | undefined): Promise<KeyValidationView> {
    const raw = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!raw) throw new ApiError(401, M.missingToken);
    const found = await this.findByDigest(credentialDigest(raw));
    if (!found) throw new ApiError(401, M.invalidApiKey);
    return { valid: true, userId: found.user.id, plan: found.user.plan, features: featuresOf(found.user.plan) };
  }

  private async findByDigest(keyDigest: string): Promise<{ key: ApiKeyEntity; user: UserEntity } | null> {
    const found = await this.db.asSystem(async (manager) => {
      const key = await manager.getRepository(ApiKeyEntity).findOneBy({ keyDigest });
      const user = key ? await manager.getRepository(UserEntity).findOneBy({ id: key.userId }) : null;
      return key && user ? { key, user } : null;
    });
    if (found) this.touch(found.key);
    return found;
  }

  private async owned(userId: string, id: string): Promise<ApiKeyEntity> {
    const key = UUID.test(id)
      ? await this.db.withUser(userId, (manager) => manager.getRepository(ApiKeyEntity).findOneBy({ id }))
      : null;
    if (!key) throw new ApiError(404, M.keyNotFound);
    return key;
  }

  /** Off the request path: the reply never waits for this write. */
  private touch(key: ApiKeyEntity): void {
    const now = this.clock.now();
    if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    this.db
      .asSystem((manager) => manager.getRepository(ApiKeyEntity).update(
        { id: key.id, lastUsedAt: Or(IsNull(), LessThan(staleBefore)) },
        { lastUsedAt: now },
      ))
      .then((written) => {
        if (written.affected) this.lists.changed(key.userId);
      })
      .catch((error) => this.logger.warn(`Could not record lastUsed for key ${key.id}: ${String(error)}`));
  }
}

function toView(key: ListedKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    keyPreview: key.keyPreview,
    createdAt: key.createdAt.toISOString(),
    lastUsed: key.lastUsedAt?.toISOString() ?? null,
    monthlySpendCap: key.monthlySpendCapMicros === null ? null : microsToDollars(key.monthlySpendCapMicros),
  };
}
