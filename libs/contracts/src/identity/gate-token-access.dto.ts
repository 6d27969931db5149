import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { IDENTITY_MESSAGES as M } from './messages.js';
import { WALLET_ADDRESS_PATTERN } from './wallet-auth.dto.js';

/** POST /api/auth/gate-token body, GET /api/auth/gate-token query. */
export class GateTokenAccessDto {
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.invalidAddress })
  @IsNotEmpty({ message: M.addressRequired })
  @IsString({ message: M.addressRequired })
  address!: string;
}
