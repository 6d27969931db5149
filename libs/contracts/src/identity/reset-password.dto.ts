import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { IDENTITY_MESSAGES as M, PASSWORD_MAX, PASSWORD_MIN } from './messages.js';

export class ResetPasswordDto {
  @IsNotEmpty({ message: M.resetTokenRequired })
  @IsString({ message: M.resetTokenRequired })
  token!: string;

  @MaxLength(PASSWORD_MAX, { message: M.passwordTooLong })
  @MinLength(PASSWORD_MIN, { message: M.passwordTooShort })
  @IsString({ message: M.passwordTooShort })
  password!: string;
}
