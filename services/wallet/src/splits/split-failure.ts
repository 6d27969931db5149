/** The split cannot be paid out, for a reason its caller is shown: it ends failed. Any other error is retried. */
export class SplitFailure extends Error {}
