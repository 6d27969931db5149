/**
 * What a wallet signs (EIP-191 personal_sign) to create a live stream: the platform's host (APP_URL's
 * host), the wallet and when it was signed. The host keeps another site's request from being
 * replayed here; the time bounds how long a signature may be used, and each is used once
 * (docs/spec-decisions.md).
 */
export function streamCreationMessage(host: string, wallet: string, issuedAt: number): string {
  return `${host} asks you to sign to create a live stream.\n\nWallet: ${wallet.toLowerCase()}\nIssued At: ${issuedAt}`;
}
