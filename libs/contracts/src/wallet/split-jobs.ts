import { IsInt, IsUUID, Min } from 'class-validator';

/** Pay out one royalty split (queue `wallet.splits`). */
export class SplitJob {
  @IsInt() @Min(1) splitId!: number;
}

/** Put one recorded transfer on chain, exactly once (queue `wallet.transfers`). */
export class TransferJob {
  @IsUUID() transferId!: string;
}
