import { IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { API_KEY_NAME_MAX, IDENTITY_MESSAGES as M } from './messages.js';

/** A key's monthly spend cap in USD: cost_usd's six decimals, up to a million. */
export const SPEND_CAP_MAX_USD = 1_000_000;

/**
 * Whole micro-dollars from 0 to the maximum. Written out because IsNumber's maxDecimalPlaces
 * throws on a number JavaScript prints in exponent form (1e-7), which would be a 500.
 */
const isUsdAmount = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value)
  && value >= 0 && value <= SPEND_CAP_MAX_USD && Math.abs(value * 1_000_000 - Math.round(value * 1_000_000)) < 1e-6;

const SpendCap = (): PropertyDecorator => (target, property) => {
  ValidateBy({ name: 'isUsdAmount', validator: { validate: isUsdAmount, defaultMessage: () => M.spendCapInvalid } })(target, property);
  IsOptional()(target, property);
};

export class CreateApiKeyDto {
  @MaxLength(API_KEY_NAME_MAX, { message: M.nameTooLong })
  @Matches(/\S/, { message: M.nameRequired })
  @IsString({ message: M.nameRequired })
  name!: string;

  /** Null or absent: no cap. */
  @SpendCap() monthlySpendCap?: number | null;
}

/** PATCH /api/keys/:id: absent fields stay as they are; `monthlySpendCap: null` removes the cap. */
export class UpdateApiKeyDto {
  @IsOptional()
  @MaxLength(API_KEY_NAME_MAX, { message: M.nameTooLong })
  @Matches(/\S/, { message: M.nameRequired })
  @IsString({ message: M.nameRequired })
  name?: string;

  @SpendCap() monthlySpendCap?: number | null;
}

/** USD to the micro-dollars the cap is kept and enforced in. */
export const usdToMicros = (usd: number): number => Math.round(usd * 1_000_000);
