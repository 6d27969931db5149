import { getAddress, isAddress } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { SiweMessage } from 'viem/siwe';

/** A SIWE message with every field EIP-4361 requires. */
export type CompleteSiweMessage = SiweMessage & { issuedAt: Date };

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * viem's parseSiweMessage, then what it leaves lenient: it answers a partial object (never throws)
 * for a message it cannot read, and accepts an address without its EIP-55 checksum, a version other than 1, a short
 * nonce, dates that are not ISO 8601 and URIs that are not URIs. EIP-4361 refuses all of these.
 * Answers null for a message that is not a complete, well-formed SIWE message.
 */
export function parseSiwe(text: string): CompleteSiweMessage | null {
  if (!hasCanonicalLayout(text)) return null;
  const message = parseSiweMessage(text) as Partial<SiweMessage>;
  const { address, chainId, domain, issuedAt, nonce, uri, version } = message;
  if (!address || !chainId || !domain || !issuedAt || !nonce || !uri || !version) return null;
  if (!isAddress(address, { strict: false }) || address !== getAddress(address)) return null;
  if (version !== '1' || !/^[A-Za-z0-9]{8,}$/.test(nonce) || !Number.isSafeInteger(chainId)) return null;
  if (!isUri(uri) || (message.resources ?? []).some((resource) => !isUri(resource))) return null;
  if (message.statement?.includes('\n')) return null;
  for (const field of ['Issued At', 'Expiration Time', 'Not Before']) {
    const raw = new RegExp(`^${field}: (.*)$`, 'm').exec(text)?.[1];
    if (raw !== undefined && (!ISO_8601.test(raw) || Number.isNaN(Date.parse(raw)))) return null;
  }
  return message as CompleteSiweMessage;
}

const FIELD_ORDER = ['URI', 'Version', 'Chain ID', 'Nonce', 'Issued At', 'Expiration Time', 'Not Before', 'Request ID', 'Resources'];

/**
 * EIP-4361's layout, which viem's field-by-field regexes do not hold a message to: header, address,
 * a blank line, an optional one-line statement (or an empty line) and a blank line, then each field at most once in
 * the fixed order, Resources last with one `- ` line per resource.
 */
function hasCanonicalLayout(text: string): boolean {
  const lines = text.split('\n');
  if (lines.length < 4 || lines[2] !== '') return false;
  let index = 3;
  if (lines[3] === '') index = 4;
  else if (!lines[3]!.startsWith('URI: ')) {
    if (lines[4] !== '') return false;
    index = 5;
  }
  let last = -1;
  for (; index < lines.length; index += 1) {
    const label = /^([A-Za-z ]+):( |$)/.exec(lines[index]!)?.[1];
    const position = label === undefined ? -1 : FIELD_ORDER.indexOf(label);
    if (position <= last) return false;
    last = position;
    if (label === 'Resources') return lines.slice(index + 1).every((line) => line.startsWith('- '));
  }
  return true;
}

function isUri(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
