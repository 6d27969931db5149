/**
 * The provider's storage, in memory as the rest of the sandbox is; its own quick-start adapter
 * does the same but warns on every start.
 */
export class IdpMemoryAdapter {
  private static readonly store = new Map<string, Record<string, unknown>>();

  constructor(private readonly model: string) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: Record<string, unknown>): Promise<void> {
    IdpMemoryAdapter.store.set(this.key(id), payload);
    if (typeof payload.uid === 'string') IdpMemoryAdapter.store.set(`${this.model}:uid:${payload.uid}`, { id });
    if (typeof payload.userCode === 'string') IdpMemoryAdapter.store.set(`${this.model}:userCode:${payload.userCode}`, { id });
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    return IdpMemoryAdapter.store.get(this.key(id));
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    const ref = IdpMemoryAdapter.store.get(`${this.model}:uid:${uid}`);
    return ref ? this.find(String(ref.id)) : undefined;
  }

  async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
    const ref = IdpMemoryAdapter.store.get(`${this.model}:userCode:${userCode}`);
    return ref ? this.find(String(ref.id)) : undefined;
  }

  async consume(id: string): Promise<void> {
    const payload = IdpMemoryAdapter.store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    IdpMemoryAdapter.store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, payload] of IdpMemoryAdapter.store) if (payload.grantId === grantId) IdpMemoryAdapter.store.delete(key);
  }
}
