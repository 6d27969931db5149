import { IsString, Matches, MaxLength } from 'class-validator';
import { API_KEY_NAME_MAX, IDENTITY_MESSAGES as M } from './messages.js';

export class CreateApiKeyDto {
  @MaxLength(API_KEY_NAME_MAX, { message: M.nameTooLong })
  @Matches(/\S/, { message: M.nameRequired })
  @IsString({ message: M.nameRequired })
  name!: string;
}
