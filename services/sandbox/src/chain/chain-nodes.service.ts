import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  createTestClient, encodeFunctionData, getAddress, http, parseUnits, publicActions, walletActions,
  type Address, type Hex,
} from 'viem';
import { AnvilNode } from './anvil-node.js';
import { ChainError } from './chain-error.js';
import { SandboxToken, SmartWalletFactory } from './contracts.generated.js';
import { SANDBOX_CHAINS, SMART_WALLET_FACTORY } from './sandbox-chains.js';

/** anvil's first development account: unlocked, funded, the sender of every sandbox transaction. */
const SANDBOX_SENDER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

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

  async onModuleInit(): Promise<void> {
    try {
      await Promise.all(SANDBOX_CHAINS.map(async ({ chainId, tokens }) => {
        const node = await AnvilNode.start(chainId);
        this.nodes.set(chainId, node);
        const client = this.client(chainId);
        await client.setCode({ address: SMART_WALLET_FACTORY, bytecode: SmartWalletFactory.deployedBytecode });
        for (const token of tokens) {
          await client.setCode({ address: token.address, bytecode: SandboxToken.deployedBytecode });
          await this.send(chainId, token.address, encodeFunctionData({
            abi: SandboxToken.abi, functionName: 'initialize', args: [token.name, token.symbol, token.decimals],
          }));
        }
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
    let units: bigint;
    try {
      units = parseUnits(amount, decimals);
    } catch {
      throw new ChainError(400, `amount must be a decimal string with at most ${decimals} decimals`);
    }
    const txHash = await this.send(chainId, token, encodeFunctionData({ abi: SandboxToken.abi, functionName: 'mint', args: [to, units] }));
    const balance = await client.readContract({ address: token, abi: SandboxToken.abi, functionName: 'balanceOf', args: [to] });
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

  /** A transaction from the sandbox's account, mined at once (anvil mines every transaction). */
  private async send(chainId: number, to: Address, data: Hex): Promise<Hex> {
    const client = this.client(chainId);
    const hash = await client.sendTransaction({ account: SANDBOX_SENDER, to, data, chain: null });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new ChainError(500, `transaction ${hash} reverted`);
    return hash;
  }

  private client(chainId: number) {
    return createTestClient({ mode: 'anvil', transport: http(this.rpcUrl(chainId)) }).extend(publicActions).extend(walletActions);
  }
}
