import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IDENTITY_MESSAGES as M, REFERRAL_CODE_PATTERN } from './messages.js';
import { NewPassword } from './password.rules.js';

export class RegisterDto {
  @IsEmail({}, { message: M.invalidEmail })
  @IsNotEmpty({ message: M.credentialsRequired })
  @IsString({ message: M.credentialsRequired })
  email!: string;

  @NewPassword(M.credentialsRequired)
  password!: string;

  @IsOptional()
  @MaxLength(100, { message: M.profileNameInvalid })
  @IsString({ message: M.profileNameInvalid })
  name?: string;

  @IsOptional()
  @Matches(REFERRAL_CODE_PATTERN, { message: M.invalidReferralCode })
  @IsString({ message: M.invalidReferralCode })
  referralCode?: string;

  /** Honeypot: a field people never see, so only bots fill it. */
  @IsOptional()
  website?: unknown;

  /** Challenge token from the bot-check widget, verified when BOT_CHECK_SECRET is configured. */
  @IsOptional()
  botToken?: unknown;
}
