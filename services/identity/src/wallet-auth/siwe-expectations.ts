import { ApiError, IDENTITY_MESSAGES as M } from '@platform/contracts';
import { isAddressEqual, type Address } from 'viem';
import { validateSiweMessage } from 'viem/siwe';
import { parseSiwe, type CompleteSiweMessage } from './parse-siwe.js';

export interface SiweExpectations {
  /** The platform's public host (APP_URL's host). */
  domain: string;
  chainId: number;
  address: Address;
  now: Date;
}

/** A message may be dated this far ahead of our clock (the wallet's clock may run fast). */
const CLOCK_SKEW_MS = 60_000;

/** The message wallet sign-in accepts, or the 401 saying why not (platform-core 4.4, docs/spec-decisions.md). */
export function checkSiweMessage(text: string, expected: SiweExpectations): CompleteSiweMessage {
  const message = parseSiwe(text);
  if (!message) throw new ApiError(401, M.invalidSiweMessage);
  if (!isAddressEqual(message.address, expected.address)) throw new ApiError(401, M.siweAddressMismatch);
  if (message.domain !== expected.domain || hostOf(message.uri) !== expected.domain) throw new ApiError(401, M.siweDomainMismatch);
  if (message.chainId !== expected.chainId) throw new ApiError(401, M.siweChainMismatch);
  const early = message.issuedAt.getTime() > expected.now.getTime() + CLOCK_SKEW_MS;
  if (early || !validateSiweMessage({ message, domain: expected.domain, address: expected.address, time: expected.now })) {
    throw new ApiError(401, M.siweExpired);
  }
  return message;
}

function hostOf(uri: string): string | null {
  try {
    return new URL(uri).host;
  } catch {
    return null;
  }
}
