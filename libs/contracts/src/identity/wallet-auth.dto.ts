import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IDENTITY_MESSAGES as M } from './messages.js';

export const WALLET_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** POST /api/wallet-auth: an EIP-4361 message and the wallet's signature of it (platform-core 4.4). */
export class WalletAuthDto {
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.invalidAddress })
  @IsNotEmpty({ message: M.walletFieldsRequired })
  @IsString({ message: M.walletFieldsRequired })
  address!: string;

  /** A SIWE message is a few hundred characters; the cap bounds parsing work. */
  @MaxLength(4096, { message: M.invalidSiweMessage })
  @IsNotEmpty({ message: M.walletFieldsRequired })
  @IsString({ message: M.walletFieldsRequired })
  message!: string;

  /** 65 bytes for an EOA; an ERC-6492 wrapper carries the factory call too. */
  @MaxLength(20_000, { message: M.invalidSignature })
  @Matches(/^0x[0-9a-fA-F]*$/, { message: M.invalidSignature })
  @IsNotEmpty({ message: M.walletFieldsRequired })
  @IsString({ message: M.walletFieldsRequired })
  signature!: string;
}

/**
 * POST /api/auth/idp/verify (platform-core 4.4): an ID token, and optionally the gate-token holding
 * check of a wallet address (docs/spec-decisions.md).
 */
export class IdpVerifyDto {
  @IsNotEmpty({ message: M.idTokenRequired })
  @IsString({ message: M.idTokenRequired })
  idToken!: string;

  @IsOptional() @IsBoolean({ message: M.checkGateTokenBoolean }) checkGateToken?: boolean;

  @ValidateIf((dto: IdpVerifyDto) => dto.checkGateToken === true)
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.invalidAddress })
  @IsNotEmpty({ message: M.addressRequired })
  @IsString({ message: M.addressRequired })
  address?: string;
}
