/** A user's tokens at the calendar provider, unsealed only for the length of a call. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date | null;
}
