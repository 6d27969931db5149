import { SANDBOX_GATE_TOKEN } from '@platform/chain';
import { streamCreationMessage } from '@platform/contracts';
import type { EnvSource } from '@platform/config';
import { sandboxHook, type TestPlatform } from '@platform/testing';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createHmac } from 'node:crypto';

/** The host APP_URL names when a test platform leaves it at its default. */
const TEST_APP_HOST = 'localhost:3000';

export const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/** Mints `amount` whole tokens of `token` (the sandbox gate token unless named) to the wallet on base-sepolia. */
export async function fund(platform: TestPlatform, wallet: PrivateKeyAccount, amount: string, token: string = SANDBOX_GATE_TOKEN.address): Promise<void> {
  await sandboxHook(platform.sandbox.url, 'POST', '/chain/fund', { chainId: 84532, token, to: wallet.address, amount });
}

/** POST /api/radio/streams's body, signed by the wallet now (or at `issuedAt`). */
export async function streamRequest(wallet: PrivateKeyAccount, fields: { name?: string; issuedAt?: number; host?: string } = {}) {
  const issuedAt = fields.issuedAt ?? Math.floor(Date.now() / 1000);
  const signature = await wallet.signMessage({ message: streamCreationMessage(fields.host ?? TEST_APP_HOST, wallet.address, issuedAt) });
  return { wallet: wallet.address, signature, issuedAt, ...(fields.name === undefined ? {} : { name: fields.name }) };
}

/** A `stream-signature` header as the provider makes it: `t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>">`. */
export function streamSignature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Stops the media service and boots it with `env` added to the platform's (kept for its later restarts). */
export async function restartMedia(platform: TestPlatform, env: EnvSource): Promise<void> {
  await platform.stopService('media');
  await platform.startService('media', env);
}
