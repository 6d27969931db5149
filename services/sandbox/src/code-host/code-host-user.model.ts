/** A person at the source-code host; `verified` is their primary email's flag. */
export interface CodeHostUser {
  id: number;
  login: string;
  name: string;
  email: string;
  verified: boolean;
}
