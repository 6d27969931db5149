import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { MULTICALL3_ADDRESS } from '@platform/chain';
import {
  BaseError, createTestClient, encodeFunctionData, getAddress, http, InsufficientFundsError, parseUnits,
  publicActions, walletActions, type Address, type Hex,
} from 'viem';
import { AnvilNode } from './anvil-node.js';
import { ChainError } from './chain-error.js';
import { Multicall3, SandboxToken, SmartWalletFactory } from './contracts.generated.js';
import { SANDBOX_CHAINS, SMART_WALLET_FACTORY, type PlacedToken } from './sandbox-chains.js';
import { TREASURY } from './treasury.js';

/**
 * anvil's second development account: unlocked, funded, the sender of every sandbox transaction. Not
 * the treasury (account #0), so a hook never takes a nonce that a test signing with the treasury's
 * key has just read.
 */
const SANDBOX_SENDER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** anvil's native currency is wei on every node, 42431 included. */
const NATIVE_DECIMALS = 18;

export interface SmartWalletView {
  chainId: number;
  owner: Address;
  salt: string;
  address: Address;
  deployed: boolean;
  /** What an ERC-6492 signature of the undeployed wallet carries. */
  factory: Address;
  factoryData: Hex;
}

/** The sandbox's chains: one anvil node each, seeded with the tokens and the smart-wallet factory. */
@Injectable()
export class ChainNodes implements OnModuleInit, OnModuleDestroy {
  private readonly nodes = new Map<number, AnvilNode>();
  /** The last send on each chain: sends from the one sandbox account go one at a time, or concurrent hooks race for its nonce. */
  private readonly lastSend = new Map<number, Promise<unknown>>();

  async onModuleInit(): Promise<void> {
    try {
      await Promise.all(SANDBOX_CHAINS.map(async ({ chainId, tokens }) => {
        this.nodes.set(chainId, await AnvilNode.start(chainId));
        await this.placeContracts(chainId, tokens);
      }));
    } catch (error) {
      await this.onModuleDestroy();
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.nodes.values()].map((node) => node.stop()));
    this.nodes.clear();
  }

  /** The node's own URL (the sandbox serves it under /chain/:chainId). */
  rpcUrl(chainId: number): string {
    const node = this.nodes.get(chainId);
    if (!node) throw new ChainError(404, `No sandbox chain ${chainId}`);
    return node.url;
  }

  chainIds(): number[] {
    return [...this.nodes.keys()];
  }

  /** Mints `amount` (token units, a decimal string) of `token` to `to`; answers the new balance in smallest units. */
  async fund(chainId: number, token: Address, to: Address, amount: string): Promise<{ txHash: Hex; balance: string }> {
    const client = this.client(chainId);
    const decimals = await client.readContract({ address: token, abi: SandboxToken.abi, functionName: 'decimals' })
      .catch(() => { throw new ChainError(404, `No token at ${token} on chain ${chainId}`); });
    const units = smallestUnits(amount, decimals);
    const txHash = await this.send(chainId, token, encodeFunctionData({ abi: SandboxToken.abi, functionName: 'mint', args: [to, units] }));
    const balance = await client.readContract({ address: token, abi: SandboxToken.abi, functionName: 'balanceOf', args: [to] });
    return { txHash, balance: balance.toString() };
  }

  /**
   * Sends `amount` of the chain's native currency (ether units: anvil's wei has 18 decimals on every
   * node) to `to`, as a transfer from the sandbox's account; answers the new balance in wei.
   */
  async fundNative(chainId: number, to: Address, amount: string): Promise<{ txHash: Hex; balance: string }> {
    const txHash = await this.send(chainId, to, '0x', smallestUnits(amount, NATIVE_DECIMALS)).catch((error: unknown) => {
      if (error instanceof BaseError && error.walk((cause) => cause instanceof InsufficientFundsError)) {
        throw new ChainError(400, `amount exceeds what the sandbox can send on chain ${chainId}`);
      }
      throw error;
    });
    const balance = await this.client(chainId).getBalance({ address: to });
    return { txHash, balance: balance.toString() };
  }

  async smartWallet(chainId: number, owner: Address, salt: bigint): Promise<SmartWalletView> {
    const client = this.client(chainId);
    const address = await client.readContract({ address: SMART_WALLET_FACTORY, abi: SmartWalletFactory.abi, functionName: 'getAddress', args: [owner, salt] });
    const code = await client.getCode({ address });
    return {
      chainId, owner: getAddress(owner), salt: salt.toString(), address, deployed: Boolean(code && code !== '0x'),
      factory: SMART_WALLET_FACTORY, factoryData: encodeFunctionData({ abi: SmartWalletFactory.abi, functionName: 'createAccount', args: [owner, salt] }),
    };
  }

  async deploySmartWallet(chainId: number, owner: Address, salt: bigint): Promise<SmartWalletView> {
    const wallet = await this.smartWallet(chainId, owner, salt);
    if (!wallet.deployed) await this.send(chainId, SMART_WALLET_FACTORY, wallet.factoryData);
    return { ...wallet, deployed: true };
  }

  /** One anvil_setCode per contract, then each token's metadata and the treasury's holding, a transaction each. */
  private async placeContracts(chainId: number, tokens: readonly PlacedToken[]): Promise<void> {
    const client = this.client(chainId);
    await Promise.all([
      client.setCode({ address: MULTICALL3_ADDRESS, bytecode: Multicall3.deployedBytecode }),
      client.setCode({ address: SMART_WALLET_FACTORY, bytecode: SmartWalletFactory.deployedBytecode }),
      ...tokens.map((token) => client.setCode({ address: token.address, bytecode: token.code })),
    ]);
    for (const token of tokens) {
      await this.send(chainId, token.address, encodeFunctionData({
        abi: SandboxToken.abi, functionName: 'initialize', args: [token.name, token.symbol, token.decimals],
      }));
      if (token.treasuryHolds) {
        await this.send(chainId, token.address, encodeFunctionData({
          abi: SandboxToken.abi, functionName: 'mint', args: [TREASURY.address, parseUnits(token.treasuryHolds, token.decimals)],
        }));
      }
    }
  }

  /** A transaction from the sandbox's account, mined at once (anvil mines every transaction), after the chain's previous one. */
  private send(chainId: number, to: Address, data: Hex, value = 0n): Promise<Hex> {
    const sent = (this.lastSend.get(chainId) ?? Promise.resolve()).catch(() => undefined).then(() => this.sendNow(chainId, to, data, value));
    this.lastSend.set(chainId, sent);
    return sent;
  }

  private async sendNow(chainId: number, to: Address, data: Hex, value: bigint): Promise<Hex> {
    const client = this.client(chainId);
    const hash = await client.sendTransaction({ account: SANDBOX_SENDER, to, data, value, chain: null });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new ChainError(500, `transaction ${hash} reverted`);
    return hash;
  }

  /** A client of the node itself, with anvil's test actions; sends from the sandbox's account must name it. */
  client(chainId: number) {
    return createTestClient({ mode: 'anvil', transport: http(this.rpcUrl(chainId)) }).extend(publicActions).extend(walletActions);
  }
}

function smallestUnits(amount: string, decimals: number): bigint {
  try {
    return parseUnits(amount, decimals);
  } catch {
    throw new ChainError(400, `amount must be a decimal string with at most ${decimals} decimals`);
  }
}
