import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { IDENTITY_MESSAGES as M, PASSWORD_MAX, PASSWORD_MIN } from './messages.js';

export class ChangePasswordDto {
  @IsNotEmpty({ message: M.currentPasswordRequired })
  @IsString({ message: M.currentPasswordRequired })
  currentPassword!: string;

  @MaxLength(PASSWORD_MAX, { message: M.passwordTooLong })
  @MinLength(PASSWORD_MIN, { message: M.passwordTooShort })
  @IsString({ message: M.passwordTooShort })
  newPassword!: string;
}
