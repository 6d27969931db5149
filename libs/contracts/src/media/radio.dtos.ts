import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { WALLET_ADDRESS_PATTERN } from '../identity/wallet-auth.dto.js';
import { MEDIA_MESSAGES as M } from './media-messages.js';

/** POST /api/radio/streams (4.6): the wallet, the DJ's name, and the wallet's proof that the caller holds it. */
export class CreateStreamDto {
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.walletInvalid })
  @IsNotEmpty({ message: M.walletRequired })
  @IsString({ message: M.walletRequired })
  wallet!: string;

  @IsOptional() @MaxLength(64, { message: M.nameInvalid }) @MinLength(1, { message: M.nameInvalid }) @IsString({ message: M.nameInvalid })
  name?: string;

  /** 65 bytes for an EOA; an ERC-6492 wrapper carries the factory call too. */
  @MaxLength(20_000, { message: M.signatureInvalid })
  @Matches(/^0x[0-9a-fA-F]+$/, { message: M.signatureInvalid })
  @IsNotEmpty({ message: M.proofRequired })
  @IsString({ message: M.proofRequired })
  signature!: string;

  @IsInt({ message: M.issuedAtInvalid })
  @IsNotEmpty({ message: M.proofRequired })
  issuedAt!: number;
}
