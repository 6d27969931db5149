/** A person at the identity provider; an empty email is an account without one (the no-email path). */
export interface IdpAccount {
  sub: string;
  email: string;
  name: string;
}
