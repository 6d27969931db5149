import { agentMessageTypedData, RUNTIME_PATHS, SUBJECTS, type AgentMessageDto, type BusEndpointReply, type BusHistoryFields, type BusMessageView } from '@platform/contracts';
import { verifyTypedData } from 'viem';
import { BEARER, provisionRunning } from './agent-fixtures.js';
import type { TestPlatform, TestUser } from './platform.js';

/** A running agent with a wallet, and how to reach its runtime as the platform does. */
export interface BusAgent {
  agentId: string;
  /** Its wallet's address, held by the wallet service. */
  address: string;
  runtimeUrl: string;
  gatewayToken: string;
}

/** Provisions a running agent of `owner` and gives it a wallet (needs the agents and wallet services). */
export async function busAgent(platform: TestPlatform, owner: TestUser, name: string): Promise<BusAgent> {
  const agentId = await provisionRunning(platform, owner, { name });
  const wallet = await platform.backend().post('/api/underground/wallets', { userId: owner.id, agentId }, BEARER);
  if (wallet.status !== 201) throw new Error(`agent wallet: ${wallet.status} ${JSON.stringify(wallet.body)}`);
  return { agentId, address: wallet.body.address, ...await runtimeOf(platform, agentId) };
}

/** Where the agent's runtime listens now (it changes when the runtime is re-created) and its gateway token. */
export async function runtimeOf(platform: TestPlatform, agentId: string): Promise<{ runtimeUrl: string; gatewayToken: string }> {
  const endpoint = await platform.query<BusEndpointReply>(SUBJECTS.agents.busEndpoint, { agentId });
  if (!endpoint?.runtimeUrl) throw new Error(`agent ${agentId} has no runtime (${endpoint?.status ?? 'no such agent'})`);
  return { runtimeUrl: endpoint.runtimeUrl, gatewayToken: endpoint.gatewayToken };
}

/** A JSON call to an agent's runtime with its gateway token (what the bus and the agents service send). */
export async function callRuntime(agent: { runtimeUrl: string; gatewayToken: string }, path: string, body?: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${agent.runtimeUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${agent.gatewayToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A history entry of an agent runtime (GET /messages) that came from or went to the bus. */
export interface BusHistoryEntry {
  role: 'user' | 'assistant';
  content: string;
  at: string;
  bus: BusHistoryFields;
}

/** The bus entries of a history, as GET /messages on the runtime or GET /api/agents/:id/messages answers it. */
export function busEntries(body: Record<string, any>): BusHistoryEntry[] {
  return (body.messages as Array<Partial<BusHistoryEntry>>).filter((entry): entry is BusHistoryEntry => entry.bus !== undefined);
}

/** The bus entries of the agent's history, read from its runtime. */
export async function runtimeBusEntries(agent: { runtimeUrl: string; gatewayToken: string }): Promise<BusHistoryEntry[]> {
  return busEntries((await callRuntime(agent, RUNTIME_PATHS.messages)).body);
}

/** What the bus holds of a message (GET /api/underground/bus/messages/:messageId). */
export async function busMessage(platform: TestPlatform, messageId: string): Promise<BusMessageView> {
  return (await platform.backend().get<BusMessageView>(`/api/underground/bus/messages/${encodeURIComponent(messageId)}`, BEARER)).body;
}

/** Whether the message's EIP-712 signature is the wallet at `address`'s. */
export function signedBy(message: AgentMessageDto, address: string): Promise<boolean> {
  return verifyTypedData({ address: address as `0x${string}`, ...agentMessageTypedData(message), signature: message.signature as `0x${string}` });
}
