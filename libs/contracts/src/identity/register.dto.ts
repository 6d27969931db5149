import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IDENTITY_MESSAGES as M, PASSWORD_MAX, PASSWORD_MIN, REFERRAL_CODE_PATTERN } from './messages.js';

export class RegisterDto {
  @IsEmail({}, { message: M.invalidEmail })
  @IsNotEmpty({ message: M.credentialsRequired })
  @IsString({ message: M.credentialsRequired })
  email!: string;

  @MaxLength(PASSWORD_MAX, { message: M.passwordTooLong })
  @MinLength(PASSWORD_MIN, { message: M.passwordTooShort })
  @IsString({ message: M.credentialsRequired })
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
