// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title WrappedToken
/// @notice The native token on a second chain: the relayer (MINTER_ROLE) mints for a lock seen on the
///         home chain, at most once per (sourceChainId, nonce); `burn` destroys tokens and emits
///         `Burned` with this contract's next nonce, for the relayer to release them on the home chain.
contract WrappedToken is ERC20, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice nonce of the next burn
    uint256 public nonce;
    /// @notice sourceChainId => nonce => minted
    mapping(uint256 => mapping(uint256 => bool)) public minted;

    event Minted(address indexed to, uint256 amount, uint256 indexed sourceChainId, uint256 indexed nonce);
    event Burned(address indexed from, address indexed to, uint256 amount, uint256 indexed toChainId, uint256 nonce);

    error ZeroAmount();
    error AlreadyMinted(uint256 sourceChainId, uint256 nonce);

    constructor(string memory name_, string memory symbol_, address admin, address minter) ERC20(name_, symbol_) {
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
        if (amount == 0) revert ZeroAmount();
        burnNonce = nonce++;
        _burn(msg.sender, amount);
        emit Burned(msg.sender, to, amount, toChainId, burnNonce);
    }
}
