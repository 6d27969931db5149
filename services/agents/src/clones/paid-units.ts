import { erc20Abi, getAddress, parseEventLogs, type Address, type Log } from 'viem';

/**
 * What `logs` (one transaction's receipt) transfer of `token` from `from` to `to`, in the token's
 * smallest units. Several transfers in one transaction add up; another token's, or to anyone
 * else, count for nothing.
 */
export function paidUnits(logs: Log[], token: Address, from: Address, to: Address): bigint {
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs, strict: true })
    .filter((log) => getAddress(log.address) === getAddress(token)
      && getAddress(log.args.from) === getAddress(from) && getAddress(log.args.to) === getAddress(to))
    .reduce((sum, log) => sum + log.args.value, 0n);
}
