/** Who the provider says signed in; `email` is empty when the provider gave none it vouches for. */
export interface ExternalProfile {
  subject: string;
  email: string;
  name: string;
  /** Only from the identity provider, with offline access; sealed before it is stored. */
  refreshToken?: string;
}
