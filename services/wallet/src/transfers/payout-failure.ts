/** A payout (a split, an escrow's transfer) cannot be made, for a reason its caller is shown: it ends failed. Any other error is retried. */
export class PayoutFailure extends Error {}
