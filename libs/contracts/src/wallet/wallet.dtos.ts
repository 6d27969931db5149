import { IsDefined, IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { WALLET_MESSAGES as M } from './messages.js';

/** 0x and 40 hex characters: the address GET /api/wallet reads (4.1). */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const WALLET_ACTIONS = ['create', 'get_seed', 'export_seed'] as const;
export type WalletAction = (typeof WALLET_ACTIONS)[number];

export class WalletActionDto {
  @IsIn(WALLET_ACTIONS, { message: M.invalidAction }) action!: WalletAction;
}

export class CreateCustodialWalletDto {
  @IsEmail({}, { message: M.invalidEmail }) @MaxLength(255, { message: M.invalidEmail })
  @IsString({ message: M.emailRequired }) @IsDefined({ message: M.emailRequired })
  email!: string;
}

/** The key is read to derive its address and then forgotten (4.1: never stored). */
export class ImportCustodialWalletDto {
  @IsOptional() @Matches(/^0x[0-9a-fA-F]{64}$/, { message: M.invalidPrivateKey }) @IsString({ message: M.invalidPrivateKey })
  privateKey?: string;
}
