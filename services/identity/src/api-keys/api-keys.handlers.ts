import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateApiKeyDto, created, ok, requireUser, SUBJECTS, UpdateApiKeyDto, validateAs, ValidateApiKeyDto, type AuthContext, type Envelope,
} from '@platform/contracts';
import { ApiKeysService } from './api-keys.service.js';

@Controller()
export class ApiKeysHandlers {
  constructor(private readonly keys: ApiKeysService) {}

  @MessagePattern(SUBJECTS.identity.listKeys)
  async list(@Payload() envelope: Envelope) {
    return ok(await this.keys.list(requireUser(envelope).userId));
  }

  @MessagePattern(SUBJECTS.identity.createKey)
  async create(@Payload() envelope: Envelope) {
    const { name, monthlySpendCap } = validateAs(CreateApiKeyDto, envelope.body);
    return created(await this.keys.create(requireUser(envelope).userId, name, monthlySpendCap ?? null));
  }

  @MessagePattern(SUBJECTS.identity.updateKey)
  async update(@Payload() envelope: Envelope) {
    return ok(await this.keys.update(requireUser(envelope).userId, envelope.params.id ?? '', validateAs(UpdateApiKeyDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.identity.getKey)
  async get(@Payload() envelope: Envelope) {
    return ok(await this.keys.get(requireUser(envelope).userId, envelope.params.id ?? ''));
  }

  @MessagePattern(SUBJECTS.identity.deleteKey)
  async delete(@Payload() envelope: Envelope) {
    return ok(await this.keys.delete(requireUser(envelope).userId, envelope.params.id ?? ''));
  }

  @MessagePattern(SUBJECTS.identity.validateKey)
  async validate(@Payload() envelope: Envelope) {
    return ok(await this.keys.validate(validateAs(ValidateApiKeyDto, envelope.body).apiKey));
  }

  @MessagePattern(SUBJECTS.identity.validateKeyHeader)
  async validateHeader(@Payload() envelope: Envelope) {
    return ok(await this.keys.validateHeader(envelope.headers.authorization));
  }

  /** Edge-only query for `Authorization: Bearer sk_...` on session routes. */
  @MessagePattern(SUBJECTS.identity.resolveApiKey)
  resolve(@Payload() query: { digest: string }): Promise<AuthContext | null> {
    return this.keys.resolve(query.digest);
  }
}
