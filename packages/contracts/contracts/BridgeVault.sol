// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title BridgeVault
/// @notice Home-chain side of the bridge: `lock` escrows the native token and emits `Locked` with
///         this vault's next nonce; the relayer mints the WrappedToken on the other chain. The way
///         back: the relayer `release`s escrowed tokens for a burn seen on another chain, at most
///         once per (sourceChainId, nonce). `lockWithPermit` lets a relayer lock a holder's tokens
///         with the holder's EIP-2612 permit (the holder pays no gas).
contract BridgeVault is AccessControl, ReentrancyGuard {
    using SafeERC20 for IERC20;

    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");

    IERC20 public immutable token;
    /// @notice nonce of the next lock
    uint256 public nonce;
    /// @notice sourceChainId => nonce => released
    mapping(uint256 => mapping(uint256 => bool)) public released;

    event Locked(address indexed from, address indexed to, uint256 amount, uint256 indexed toChainId, uint256 nonce);
    event Released(address indexed to, uint256 amount, uint256 indexed sourceChainId, uint256 indexed nonce);

    error ZeroAmount();
    error AlreadyReleased(uint256 sourceChainId, uint256 nonce);

    constructor(IERC20 token_, address admin, address relayer) {
        token = token_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(RELAYER_ROLE, relayer);
    }

    function lock(uint256 amount, uint256 toChainId, address to) external nonReentrant returns (uint256 lockNonce) {
        return _lock(msg.sender, amount, toChainId, to);
    }

    /// @notice the relayer locks `owner`'s tokens with its EIP-2612 permit for this vault. The permit
    ///         is tried, not required: one submitted first by someone else (front-running) has
    ///         already granted the allowance, and `transferFrom` decides. Relayer only: the allowance
    ///         used may be a standing one (the custody address approves the vault before its own
    ///         `lock`), which nobody else may spend into a lock of their choosing.
    function lockWithPermit(
        address owner,
        uint256 amount,
        uint256 toChainId,
        address to,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external onlyRole(RELAYER_ROLE) nonReentrant returns (uint256 lockNonce) {
        try IERC20Permit(address(token)).permit(owner, address(this), amount, deadline, v, r, s) {} catch {}
        return _lock(owner, amount, toChainId, to);
    }

    function _lock(address from, uint256 amount, uint256 toChainId, address to) private returns (uint256 lockNonce) {
        if (amount == 0) revert ZeroAmount();
        lockNonce = nonce++;
        token.safeTransferFrom(from, address(this), amount);
        emit Locked(from, to, amount, toChainId, lockNonce);
    }

    function release(address to, uint256 amount, uint256 sourceChainId, uint256 sourceNonce)
        external
        onlyRole(RELAYER_ROLE)
        nonReentrant
    {
        if (released[sourceChainId][sourceNonce]) revert AlreadyReleased(sourceChainId, sourceNonce);
        released[sourceChainId][sourceNonce] = true;
        token.safeTransfer(to, amount);
        emit Released(to, amount, sourceChainId, sourceNonce);
    }
}
