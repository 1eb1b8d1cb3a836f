// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title PayoutBatcher
/// @notice Pays many withdrawals from the custody address in one transaction. The custody address
///         keeps holding the tokens (the proof of reserves reads its balance): it approves this
///         contract once, and each payout is a `transferFrom(custody, to, amount)`; this contract
///         never holds tokens.
///
///         Every item carries the service's `ref` (the withdrawal's identifier). A ref is paid at
///         most once: an item whose ref is already paid emits `PayoutReplayed` and moves nothing, so
///         a batch sent twice (a relayer that crashed before recording its transaction) pays nothing
///         twice. Items fail one by one: a recipient the token refuses (address(0)), an exhausted
///         balance or allowance of the custody address, a token that returns false, each emits
///         `PayoutFailed` with the token's revert data and leaves the ref unpaid, while the other
///         items of the batch are paid.
///
///         A failed ref stays unpaid, so a later batch carrying it tries it again. The service must
///         therefore decide, per ref, between "retry" and "refund": once it refunds a failed
///         withdrawal it must never send that ref again (nor resend a batch that carried it).
///
///         Gas (GatewayToken, custody not delegating; measured on anvil by test/batchers.test.ts):
///         about 55,000 per item paying an address that held no tokens, 38,000 paying an existing
///         holder, 4,500 per replayed item, 10,000 per failed one, plus about 38,000 per batch (the
///         transaction's 21,000 included). A plain `transfer` transaction to a new holder costs about
///         56,000: batching saves transactions rather than gas, as each item's replay flag (a new
///         storage slot, about 22,000) costs about what the per-transaction base cost saves.
contract PayoutBatcher is AccessControl, ReentrancyGuard {
    /// @notice may submit payouts: the relayer signers of the pool
    bytes32 public constant PAYER_ROLE = keccak256("PAYER_ROLE");

    /// @notice one withdrawal: `amount` base units of `token` from the custody address to `to`
    struct Payout {
        bytes32 ref;
        address to;
        uint256 amount;
    }

    IERC20 public immutable token;
    /// @notice the address holding the tokens; it approves this contract for the payouts
    address public immutable custody;

    mapping(bytes32 ref => bool) private _paid;

    event Paid(bytes32 indexed ref, address indexed to, uint256 amount);
    /// @param reason the token's revert data (e.g. `ERC20InsufficientAllowance(...)`), the encoded
    ///        `TransferReturnedFalse()` for a token that returned false, or empty
    event PayoutFailed(bytes32 indexed ref, address indexed to, uint256 amount, bytes reason);
    event PayoutReplayed(bytes32 indexed ref);

    error NotAContract(address account);
    /// @notice the reason of a `PayoutFailed` whose token returned false instead of reverting
    error TransferReturnedFalse();
    /// @notice the transaction ran out of gas at item `index`: the whole batch reverts rather than
    ///         recording items as failed for want of gas (which would also make `eth_estimateGas`
    ///         settle on a limit at which items fail)
    error InsufficientGas(uint256 index);

    /// @param token_ the ERC-20 paid out (must be a contract)
    /// @param custody_ the address holding the tokens, which approves this contract
    /// @param admin receives DEFAULT_ADMIN_ROLE (grants PAYER_ROLE to the relayer signers)
    constructor(IERC20 token_, address custody_, address admin) {
        if (address(token_).code.length == 0) revert NotAContract(address(token_));
        token = token_;
        custody = custody_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @notice whether the withdrawal `ref` has been paid by this contract
    function isPaid(bytes32 ref) external view returns (bool) {
        return _paid[ref];
    }

    /// @notice pays each item not paid yet, in order; emits one of `Paid`, `PayoutFailed`,
    ///         `PayoutReplayed` per item and never reverts for one item (only for the caller's role,
    ///         reentrancy, or running out of gas: `InsufficientGas`)
    function payout(Payout[] calldata items) external onlyRole(PAYER_ROLE) nonReentrant {
        for (uint256 i = 0; i < items.length; ++i) {
            Payout calldata item = items[i];
            if (_paid[item.ref]) {
                emit PayoutReplayed(item.ref);
                continue;
            }
            uint256 gasBefore = gasleft();
            (bool ok, bytes memory ret) =
                address(token).call(abi.encodeCall(IERC20.transferFrom, (custody, item.to, item.amount)));
            if (!ok) {
                // The call received 63/64 of the gas left: if it left almost nothing, it ran out of
                // gas because the transaction was short of it, not because the item is bad.
                if (gasleft() <= gasBefore / 63) revert InsufficientGas(i);
            } else if (ret.length > 0 && (ret.length < 32 || abi.decode(ret, (uint256)) != 1)) {
                // SafeERC20's rule: no return data is success (tokens that return nothing), anything
                // else must be `true`.
                ok = false;
                ret = abi.encodeWithSelector(TransferReturnedFalse.selector);
            }
            if (ok) {
                _paid[item.ref] = true;
                emit Paid(item.ref, item.to, item.amount);
            } else {
                emit PayoutFailed(item.ref, item.to, item.amount, ret);
            }
        }
    }
}
