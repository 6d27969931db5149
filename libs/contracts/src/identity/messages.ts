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
} as const;

export const PASSWORD_MIN = 8;
/** Longer than the spec's "at least 64"; the cap only bounds hashing work per request. */
export const PASSWORD_MAX = 128;
export const API_KEY_NAME_MAX = 64;
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9-]{1,20}$/;
