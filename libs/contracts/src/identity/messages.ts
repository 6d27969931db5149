/** Error texts of the identity routes, worded once so tests and handlers agree. */
export const IDENTITY_MESSAGES = {
  credentialsRequired: 'Email and password are required',
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  invalidReferralCode: 'Invalid referral code',
  userExists: 'User already exists',
  botDetected: 'Bot detection failed',
  invalidCredentials: 'Invalid credentials',
  loginFailed: 'Login failed',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 64 characters',
  profileNameInvalid: 'Name must be between 1 and 100 characters',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  emailRequired: 'Email is required',
  resetTokenRequired: 'Reset token is required',
  resetTokenInvalid: 'Invalid or expired reset token',
  resetLinkSent: 'If an account exists for that email, a reset link has been sent.',
  apiKeyRequired: 'apiKey is required and must be a string',
  invalidApiKey: 'Invalid API key',
  missingToken: 'Missing API key',
  keyNotFound: 'API key not found',
  spendCapInvalid: 'monthlySpendCap must be null or a number of USD from 0 to 1000000 with at most 6 decimals',
  keyUpdateEmpty: 'name or monthlySpendCap is required',
  walletFieldsRequired: 'address, message and signature are required',
  addressRequired: 'address is required',
  invalidAddress: 'address must be a 0x-prefixed 20-byte hex address',
  invalidAddressChecksum: 'address has mixed case that is not a valid EIP-55 checksum',
  invalidSiweMessage: 'Invalid SIWE message',
  siweAddressMismatch: 'Address does not match the message',
  siweDomainMismatch: 'Message domain does not match',
  siweChainMismatch: 'Message chain is not the configured network',
  siweExpired: 'Message expired or not yet valid',
  invalidNonce: 'Invalid or already used nonce',
  invalidSignature: 'Invalid signature',
  walletAuthFailed: 'Wallet sign-in failed',
  chainUnavailable: 'Chain unavailable',
  riscEmptyBody: 'Empty body',
  riscMalformed: 'Malformed security event token',
  riscWrongIssuer: 'Wrong issuer',
  riscWrongAudience: 'Wrong audience',
  riscUnknownKey: 'Unknown signing key',
  riscBadSignature: 'Invalid signature',
  riscKeysUnavailable: 'Signing keys unavailable',
  idTokenRequired: 'idToken is required',
  idTokenInvalid: 'Invalid ID token',
  checkGateTokenBoolean: 'checkGateToken must be a boolean',
  idpNotConfigured: 'Identity provider not configured',
  noProviderRefreshToken: 'No identity provider refresh token stored',
  idpRefreshFailed: 'Token refresh failed',
} as const;

export const PASSWORD_MIN = 8;
/** Longer than the spec's "at least 64"; the cap only bounds hashing work per request. */
export const PASSWORD_MAX = 128;
export const API_KEY_NAME_MAX = 64;
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9-]{1,20}$/;

/** `/login?error=<value>` after an external sign-in (platform-core 4.2; IdpAccountDisabled and IdpNotConfigured are ours). */
export const EXTERNAL_SIGN_IN_ERRORS = {
  notConfigured: 'IdpNotConfigured',
  authFailed: 'IdpAuthFailed',
  tokenFailed: 'IdpTokenFailed',
  noEmail: 'IdpNoEmail',
  authError: 'IdpAuthError',
  accountDisabled: 'IdpAccountDisabled',
} as const;
