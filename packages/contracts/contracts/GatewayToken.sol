// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Votes} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Votes.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

/// @title GatewayToken
/// @notice The ecosystem's native token: ERC-20 with EIP-2612 permit and ERC20Votes checkpoints
///         (voting power counts only after `delegate`, clock = block number). The whole initial supply
///         is minted to `holder` at deployment; there is no further minting.
contract GatewayToken is ERC20, ERC20Permit, ERC20Votes {
    /// @param name_ token name, also the EIP-712 domain name used by `permit`
    /// @param symbol_ token symbol
    /// @param holder receives the initial supply
    /// @param initialSupply in base units (18 decimals)
    constructor(string memory name_, string memory symbol_, address holder, uint256 initialSupply)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
    {
        _mint(holder, initialSupply);
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Votes) {
        super._update(from, to, value);
    }

    function nonces(address owner) public view override(ERC20Permit, Nonces) returns (uint256) {
        return super.nonces(owner);
    }
}
