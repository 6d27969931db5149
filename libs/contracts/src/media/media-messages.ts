/** Texts of the streaming and video routes (extended-services 4.6), worded once so tests and handlers agree. */
export const MEDIA_MESSAGES = {
  walletRequired: 'wallet is required',
  walletInvalid: 'wallet must be a 0x-prefixed 20-byte hex address',
  nameInvalid: 'name must be text of 1 to 64 characters',
  proofRequired: 'signature and issuedAt are required: the wallet signs the stream creation message (docs/media.md)',
  signatureInvalid: 'signature must be 0x-prefixed hex',
  issuedAtInvalid: 'issuedAt must be a Unix time in seconds',
  walletSignatureInvalid: 'Invalid wallet signature',
  walletSignatureExpired: 'Wallet signature expired or not yet valid',
  walletSignatureUsed: 'Wallet signature already used',
  insufficientGateToken: 'Insufficient gate token balance',
  chainUnavailable: 'Chain unavailable',
  providerNotConfigured: 'Streaming provider not configured',
  providerFailed: 'Streaming provider request failed',
  typeInvalid: 'type must be one of demo, marketing, screenshot, tutorial',
  textInvalid: (field: string, max: number) => `${field} must be text of 1 to ${max} characters`,
  listInvalid: (field: string, items: number, max: number) => `${field} must be a list of 1 to ${items} texts of 1 to ${max} characters`,
  imageUrlInvalid: 'imageUrl must be an http(s) URL of at most 2048 characters',
  jobIdInvalid: 'jobId must be a video job id',
  videoNotFound: 'Video job not found',
  videoFailed: 'Video generation failed',
  imageRefused: 'imageUrl points at an address that may not be fetched (private, loopback or link-local)',
  imageUnresolvable: 'imageUrl\'s host does not resolve',
  imageUnfetchable: 'imageUrl could not be fetched',
  imageNotAnImage: 'imageUrl is not a PNG, JPEG or WebP image of at most 10 MB',
  webhooksNotConfigured: 'Stream webhooks are not configured',
  signatureMissing: 'stream-signature header is required',
  signatureRejected: 'Invalid stream signature or timestamp older than 5 minutes',
  eventInvalid: 'Webhook body is not a streaming event',
} as const;

/** 400 body naming every field a video type needs and the request lacks. */
export function missingVideoFields(type: string, fields: readonly string[]): string {
  return `Missing required fields for a ${type} video: ${fields.join(', ')}`;
}
