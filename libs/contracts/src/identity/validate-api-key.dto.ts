import { IsNotEmpty, IsString } from 'class-validator';
import { IDENTITY_MESSAGES as M } from './messages.js';

export class ValidateApiKeyDto {
  @IsNotEmpty({ message: M.apiKeyRequired })
  @IsString({ message: M.apiKeyRequired })
  apiKey!: string;
}
