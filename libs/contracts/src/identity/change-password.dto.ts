import { IsNotEmpty, IsString } from 'class-validator';
import { IDENTITY_MESSAGES as M } from './messages.js';
import { NewPassword } from './password.rules.js';

export class ChangePasswordDto {
  @IsNotEmpty({ message: M.currentPasswordRequired })
  @IsString({ message: M.currentPasswordRequired })
  currentPassword!: string;

  @NewPassword(M.passwordTooShort)
  newPassword!: string;
}
