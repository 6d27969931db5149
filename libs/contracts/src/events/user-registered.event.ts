import { IsEmail, IsOptional, IsString, IsUUID } from 'class-validator';

/** A new account; `referrerId` is set when a valid referral code linked it, so both can be credited. */
export class UserRegisteredEvent {
  @IsUUID() eventId!: string;
  @IsString() userId!: string;
  @IsEmail() email!: string;
  @IsOptional() @IsString() referrerId?: string;
  @IsOptional() @IsString() referralCode?: string;
}
