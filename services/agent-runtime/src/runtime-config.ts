import { ConfigError } from '@platform/config';
import { IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min, validateSync } from 'class-validator';
import { plainToInstance } from 'class-transformer';

/** The fields of an agent's free-form config that the runtime itself reads; others are kept for tools. */
export class RuntimeConfig {
  @IsOptional() @IsInt({ message: 'config.maxHistory must be an integer from 1 to 10000' }) @Min(1, { message: 'config.maxHistory must be an integer from 1 to 10000' }) @Max(10_000, { message: 'config.maxHistory must be an integer from 1 to 10000' })
  maxHistory = 200;

  @IsOptional() @IsInt({ message: 'config.maxMemory must be an integer from 1 to 10000' }) @Min(1, { message: 'config.maxMemory must be an integer from 1 to 10000' }) @Max(10_000, { message: 'config.maxMemory must be an integer from 1 to 10000' })
  maxMemory = 500;

  @IsOptional() @MaxLength(8000, { message: 'config.systemPrompt must be at most 8000 characters' }) @IsString({ message: 'config.systemPrompt must be a string' })
  systemPrompt = 'You are a helpful agent.';

  @IsOptional() @IsInt({ message: 'config.memoryRecall must be an integer from 0 to 50' }) @Min(0, { message: 'config.memoryRecall must be an integer from 0 to 50' }) @Max(50, { message: 'config.memoryRecall must be an integer from 0 to 50' })
  memoryRecall = 5;

  /** The skills installed on the agent, filled in by the platform from its installs when it makes the runtime (docs/skills.md). */
  @IsOptional() @IsString({ each: true, message: 'config.skills must be an array of skill ids' }) @IsArray({ message: 'config.skills must be an array of skill ids' })
  skills: string[] = [];
}

export function parseRuntimeConfig(json: string): RuntimeConfig {
  let plain: unknown;
  try {
    plain = JSON.parse(json);
  } catch {
    throw new ConfigError('AGENT_CONFIG is not valid JSON');
  }
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) throw new ConfigError('AGENT_CONFIG must be a JSON object');
  const config = plainToInstance(RuntimeConfig, plain, { exposeDefaultValues: true });
  const [first] = validateSync(config, { forbidUnknownValues: false });
  if (first) throw new ConfigError(`Invalid agent config: ${Object.values(first.constraints ?? {})[0] ?? first.property}`);
  return config;
}
