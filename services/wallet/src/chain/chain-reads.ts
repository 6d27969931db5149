import { Logger } from '@nestjs/common';
import { Dependency } from '@platform/config';
import { ApiError, WALLET_MESSAGES as M } from '@platform/contracts';

/**
 * Reads from one chain's node for a client's request. The node's own words (URL, JSON-RPC error) go
 * to the log once per outage; the client gets a 500 that says only that the read failed (4.1).
 */
export class ChainReads {
  private readonly node: Dependency;

  constructor(chainName: string) {
    this.node = new Dependency(`${chainName} RPC`, new Logger('ChainReads'));
  }

  async run<T>(read: () => Promise<T>): Promise<T> {
    try {
      const result = await read();
      this.node.recovered();
      return result;
    } catch (error) {
      this.node.failed(error);
      throw new ApiError(500, M.balancesFailed);
    }
  }
}
