/**
 * What went wrong, independent of who asked: the Stripe API answers it in Stripe's error shape,
 * the hooks as `{ error }`, each with its own status table.
 */
export type PaymentsErrorCode =
  | 'resource_missing'
  | 'parameter_missing'
  | 'parameter_invalid'
  | 'state_conflict'
  | 'processor_failing';

export class PaymentsError extends Error {
  constructor(
    readonly code: PaymentsErrorCode,
    message: string,
    /** The request parameter at fault, as Stripe names it in `error.param`. */
    readonly param?: string,
  ) {
    super(message);
  }
}
