// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title WrappedToken
/// @notice The native token on a second chain: the relayer (MINTER_ROLE) mints for a lock seen on the
///         home chain, at most once per (sourceChainId, nonce); `burn` destroys tokens and emits
///         `Burned` with this contract's next nonce, for the relayer to release them on the home chain.
///         EIP-2612 `permit` and `burnWithPermit` let a relayer burn a holder's tokens with the
///         holder's signature (the holder pays no gas on this chain).
contract WrappedToken is ERC20, ERC20Permit, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice nonce of the next burn
    uint256 public nonce;
    /// @notice sourceChainId => nonce => minted
    mapping(uint256 => mapping(uint256 => bool)) public minted;

    event Minted(address indexed to, uint256 amount, uint256 indexed sourceChainId, uint256 indexed nonce);
    event Burned(address indexed from, address indexed to, uint256 amount, uint256 indexed toChainId, uint256 nonce);

    error ZeroAmount();
    error AlreadyMinted(uint256 sourceChainId, uint256 nonce);

    constructor(string memory name_, string memory symbol_, address admin, address minter) ERC20(name_, symbol_) ERC20Permit(name_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
    }

    function mint(address to, uint256 amount, uint256 sourceChainId, uint256 sourceNonce) external onlyRole(MINTER_ROLE) {
        if (minted[sourceChainId][sourceNonce]) revert AlreadyMinted(sourceChainId, sourceNonce);
        minted[sourceChainId][sourceNonce] = true;
        _mint(to, amount);
        emit Minted(to, amount, sourceChainId, sourceNonce);
    }

    function burn(uint256 amount, uint256 toChainId, address to) external returns (uint256 burnNonce) {
        return _burnFor(msg.sender, amount, toChainId, to);
    }

    /// @notice burns `owner`'s tokens with its EIP-2612 permit for the caller (anyone may submit it).
    ///         The permit is tried, not required (a front-run permit granted the allowance already);
    ///         the caller's allowance is then spent.
    function burnWithPermit(
        address owner,
        uint256 amount,
        uint256 toChainId,
        address to,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external returns (uint256 burnNonce) {
        try this.permit(owner, msg.sender, amount, deadline, v, r, s) {} catch {}
        _spendAllowance(owner, msg.sender, amount);
        return _burnFor(owner, amount, toChainId, to);
    }

    function _burnFor(address from, uint256 amount, uint256 toChainId, address to) private returns (uint256 burnNonce) {
        if (amount == 0) revert ZeroAmount();
        burnNonce = nonce++;
        _burn(from, amount);
        emit Burned(from, to, amount, toChainId, burnNonce);
    }
}
