import { api, apiGet } from '../api/api-client.js';

/** The part of EIP-1193 this needs: a wallet the browser (an extension) injects as window.ethereum. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export const injectedWallet = (): Eip1193Provider | undefined =>
  (window as unknown as { ethereum?: Eip1193Provider }).ethereum;

/**
 * The EIP-4361 message identity checks (services/identity/src/wallet-auth): this origin's host as
 * domain and URI, the wallet's chain, the server's nonce, issued now.
 */
export function siweMessage(address: string, chainId: number, nonce: string, now = new Date()): string {
  const { host, origin } = window.location;
  return `${host} wants you to sign in with your Ethereum account:
${address}

Sign in to Platform.

URI: ${origin}
Version: 1
Chain ID: ${chainId}
Nonce: ${nonce}
Issued At: ${now.toISOString()}`;
}

/** UTF-8 as 0x-hex, the form of personal_sign's message every wallet takes (some refuse plain text). */
export const utf8Hex = (text: string): string =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** platform-core 4.4: nonce, the wallet's personal_sign of the SIWE message, then POST /api/wallet-auth. */
export async function signInWithWallet(wallet: Eip1193Provider): Promise<void> {
  const [account] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  if (!account) throw new Error('The wallet did not share an account.');
  // EIP-4361 wants the EIP-55 checksummed address, and wallets answer lower case. viem's keccak is
  // fetched only here, as a chunk of its own, never with the sign-in page.
  const { getAddress } = await import('viem');
  const address = getAddress(account);
  const chainId = Number.parseInt((await wallet.request({ method: 'eth_chainId' })) as string, 16);
  const { nonce } = await apiGet<{ nonce: string }>('/api/auth/nonce');
  const message = siweMessage(address, chainId, nonce);
  const signature = (await wallet.request({ method: 'personal_sign', params: [utf8Hex(message), address] })) as string;
  await api('POST', '/api/wallet-auth', { address, message, signature });
}
