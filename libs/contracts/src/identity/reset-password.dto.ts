import { IsNotEmpty, IsString } from 'class-validator';
import { IDENTITY_MESSAGES as M } from './messages.js';
import { NewPassword } from './password.rules.js';

export class ResetPasswordDto {
  @IsNotEmpty({ message: M.resetTokenRequired })
  @IsString({ message: M.resetTokenRequired })
  token!: string;

  @NewPassword(M.passwordTooShort)
  password!: string;
}
