// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title RelayBatcher
/// @notice Submits many signature-authorised calls in one transaction, each with its own outcome:
///         the Governor's `castVoteBySig` and the token's `delegateBySig`, where the signer, not the
///         caller, is the one acting. Unlike a generic multicall, only the (target, function
///         selector) pairs the admin allowed can be called, so a relayer key can do nothing else
///         through this contract.
///
///         Each call is tried on its own: `Relayed(ref)` or `RelayFailed(ref, reason)` per item,
///         in order, and one failing item (a bad signature, a vote already cast, a call not
///         allowed) does not revert the others. Refs are not tracked: the targets refuse a replayed
///         signature themselves (nonces, one vote per voter), so a batch sent twice fails item by
///         item the second time; the ref only lets the service match each item to its log.
///
///         `Relayed` means the call did not revert, not that the intended signer acted: OZ's
///         `delegateBySig` recovers whatever address a wrong signature yields and, if that
///         address's nonce matches, delegates its (empty) votes. The service confirms a delegation
///         by the token's `DelegateChanged(delegator, ...)` in the same receipt; a vote is bound to
///         its `voter` argument, which the Governor checks against the signature.
///
///         Gas (GatewayGovernor and GatewayToken, measured on anvil by test/batchers.test.ts): about
///         64,000 per `castVoteBySig` and 107,000 per `delegateBySig` (a holder's first delegation:
///         new nonce, delegate and checkpoint), plus 30,000 to 50,000 per batch (the transaction's
///         21,000 included).
contract RelayBatcher is AccessControl, ReentrancyGuard {
    /// @notice may submit batches: the relayer signers of the pool
    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    /// @notice one signature-authorised call; `data` is the full calldata (selector and arguments)
    struct Call {
        bytes32 ref;
        address target;
        bytes data;
    }

    mapping(address target => mapping(bytes4 selector => bool)) private _allowed;

    event Relayed(bytes32 indexed ref);
    /// @param reason the target's revert data, the encoded `CallNotAllowed(target, selector)`, or empty
    event RelayFailed(bytes32 indexed ref, bytes reason);
    event CallAllowed(address indexed target, bytes4 indexed selector, bool allowed);

    error NotAContract(address account);
    /// @notice the reason of a `RelayFailed` whose (target, selector) is not allowed (`selector` is
    ///         zero when the data is shorter than four bytes)
    error CallNotAllowed(address target, bytes4 selector);
    /// @notice the transaction ran out of gas at item `index`: the whole batch reverts rather than
    ///         recording items as failed for want of gas (which would also make `eth_estimateGas`
    ///         settle on a limit at which items fail)
    error InsufficientGas(uint256 index);

    /// @param admin receives DEFAULT_ADMIN_ROLE: allows calls and grants RELAYER_ROLE
    constructor(address admin) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @notice allows or forbids calling `selector` on `target` (e.g. the governor's
    ///         `castVoteBySig`, the token's `delegateBySig`); `target` must be a contract
    function setAllowed(address target, bytes4 selector, bool allowed) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (allowed && target.code.length == 0) revert NotAContract(target);
        _allowed[target][selector] = allowed;
        emit CallAllowed(target, selector, allowed);
    }

    /// @notice whether `relay` may call `selector` on `target`
    function isAllowed(address target, bytes4 selector) external view returns (bool) {
        return _allowed[target][selector];
    }

    /// @notice tries each call in order; emits `Relayed` or `RelayFailed` per item and never reverts
    ///         for one item (only for the caller's role, reentrancy, or running out of gas:
    ///         `InsufficientGas`). A call whose (target, selector) is not allowed is a failed item.
    function relay(Call[] calldata calls) external onlyRole(RELAYER_ROLE) nonReentrant {
        for (uint256 i = 0; i < calls.length; ++i) {
            Call calldata c = calls[i];
            bytes4 selector = c.data.length >= 4 ? bytes4(c.data[:4]) : bytes4(0);
            if (!_allowed[c.target][selector]) {
                emit RelayFailed(c.ref, abi.encodeWithSelector(CallNotAllowed.selector, c.target, selector));
                continue;
            }
            uint256 gasBefore = gasleft();
            (bool ok, bytes memory ret) = c.target.call(c.data);
            if (ok) {
                emit Relayed(c.ref);
            } else {
                // The call received 63/64 of the gas left: if it left almost nothing, it ran out of
                // gas because the transaction was short of it, not because the item is bad.
                if (gasleft() <= gasBefore / 63) revert InsufficientGas(i);
                emit RelayFailed(c.ref, ret);
            }
        }
    }
}
