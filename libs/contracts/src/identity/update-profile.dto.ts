import { IsString, Length, Matches } from 'class-validator';
import { IDENTITY_MESSAGES as M } from './messages.js';

export class UpdateProfileDto {
  @Length(1, 100, { message: M.profileNameInvalid })
  @Matches(/\S/, { message: M.profileNameInvalid })
  @IsString({ message: M.profileNameInvalid })
  name!: string;
}
