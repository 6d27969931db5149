import { IsNotEmpty, IsString } from 'class-validator';
import { IDENTITY_MESSAGES as M } from './messages.js';

export class LoginDto {
  @IsNotEmpty({ message: M.credentialsRequired })
  @IsString({ message: M.credentialsRequired })
  email!: string;

  @IsNotEmpty({ message: M.credentialsRequired })
  @IsString({ message: M.credentialsRequired })
  password!: string;
}
