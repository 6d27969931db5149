// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The parts of Multicall3 (github.com/mds1/multicall) that clients call, with its ABI, placed at its
/// canonical address: viem's `multicall` sends `aggregate3`, x402's EVM facilitator `tryAggregate`.
contract Multicall3 {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) returnData[i] = _call(calls[i].target, calls[i].callData, !requireSuccess);
    }

    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) returnData[i] = _call(calls[i].target, calls[i].callData, calls[i].allowFailure);
    }

    function getEthBalance(address addr) public view returns (uint256 balance) {
        balance = addr.balance;
    }

    function _call(address target, bytes calldata callData, bool allowFailure) private returns (Result memory) {
        (bool success, bytes memory data) = target.call(callData);
        require(success || allowFailure, "Multicall3: call failed");
        return Result(success, data);
    }
}
