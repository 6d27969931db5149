import { EXTERNAL_SIGN_IN_ERRORS } from '@platform/contracts';

export type SignInErrorValue = (typeof EXTERNAL_SIGN_IN_ERRORS)[keyof typeof EXTERNAL_SIGN_IN_ERRORS];

/** An external sign-in that ends at `/login?error=<value>`. */
export class SignInFailure extends Error {
  constructor(readonly value: SignInErrorValue, override readonly cause?: unknown) {
    super(value);
  }
}
