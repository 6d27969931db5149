import { IsNotEmpty, IsString } from 'class-validator';
import { IDENTITY_MESSAGES as M } from './messages.js';

export class ForgotPasswordDto {
  @IsNotEmpty({ message: M.emailRequired })
  @IsString({ message: M.emailRequired })
  email!: string;
}
