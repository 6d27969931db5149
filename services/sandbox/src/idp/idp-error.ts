/** A hook's refusal: 400 `{ error }`, or 503 while the provider has not started. */
export class IdpHookError extends Error {
  constructor(message: string, readonly status = 400) {
    super(message);
  }
}
