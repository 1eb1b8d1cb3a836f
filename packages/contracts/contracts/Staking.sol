// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

/// @title Staking
/// @notice Synthetix StakingRewards-style staking: stakers deposit `stakingToken` and earn
///         `rewardsToken` at `rewardRate` per second, shared pro rata to their stake. Rewards are
///         paid from a balance the owner funds with `fund`; a claim beyond it reverts.
///         One deployment is one farming pool (staked token + reward rate): staking the native
///         token is the pool `Staking(GatewayToken, GatewayToken)`, an LP farm another deployment.
///         Relaying: `stakeFor` stakes the caller's tokens for a beneficiary (a custodian
///         staking for its wallet), `stakeWithPermit` stakes the owner's own tokens by an EIP-2612
///         permit (a valid one, or one already used; never a standing allowance alone), and `withdrawBySig` / `getRewardBySig` let anyone submit the staker's EIP-712
///         signature (name "Staking", version "1"; one nonce sequence per staker, `nonces(owner)`):
///         the tokens always go to the staker's own address, never to the relayer.
contract Staking is ReentrancyGuard, Ownable, EIP712, Nonces {
    using SafeERC20 for IERC20;

    IERC20 public immutable stakingToken;
    IERC20 public immutable rewardsToken;

    /// @notice reward units per second, shared among all stakers
    uint256 public rewardRate;
    uint256 public lastUpdateTime;
    uint256 public rewardPerTokenStored;
    /// @notice funded rewards not yet paid (kept apart from the stakes when both tokens are the same)
    uint256 public rewardBalance;

    /// @notice EIP-712 `Withdraw`: unstake `amount` of `owner`'s stake, paid to `owner`
    bytes32 public constant WITHDRAW_TYPEHASH =
        keccak256("Withdraw(address owner,uint256 amount,uint256 nonce,uint256 deadline)");
    /// @notice EIP-712 `GetReward`: pay `owner`'s accrued rewards to `owner`
    bytes32 public constant GET_REWARD_TYPEHASH = keccak256("GetReward(address owner,uint256 nonce,uint256 deadline)");
    /// @dev EIP-2612 `Permit` of the staking token (its own domain), to recognise a front-run permit
    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public userRewardPerTokenPaid;
    mapping(address => uint256) public rewards;

    event Staked(address indexed user, uint256 amount);
    event Withdrawn(address indexed user, uint256 amount);
    event RewardPaid(address indexed user, uint256 reward);
    event RewardRateUpdated(uint256 rewardRate);
    event Funded(uint256 amount);

    error ZeroAmount();
    error InsufficientStake(uint256 balance, uint256 requested);
    error InsufficientRewardBalance(uint256 available, uint256 requested);
    error ExpiredSignature(uint256 deadline);
    error InvalidSigner(address owner);
    error PermitNotGranted(address owner);

    constructor(IERC20 stakingToken_, IERC20 rewardsToken_, address owner_) Ownable(owner_) EIP712("Staking", "1") {
        stakingToken = stakingToken_;
        rewardsToken = rewardsToken_;
        lastUpdateTime = block.timestamp;
    }

    modifier updateReward(address account) {
        rewardPerTokenStored = rewardPerToken();
        lastUpdateTime = block.timestamp;
        if (account != address(0)) {
            rewards[account] = earned(account);
            userRewardPerTokenPaid[account] = rewardPerTokenStored;
        }
        _;
    }

    /// @notice accumulated reward per staked unit, scaled by 1e18
    function rewardPerToken() public view returns (uint256) {
        if (totalSupply == 0) return rewardPerTokenStored;
        return rewardPerTokenStored + ((block.timestamp - lastUpdateTime) * rewardRate * 1e18) / totalSupply;
    }

    function earned(address account) public view returns (uint256) {
        return (balanceOf[account] * (rewardPerToken() - userRewardPerTokenPaid[account])) / 1e18 + rewards[account];
    }

    function stake(uint256 amount) external nonReentrant updateReward(msg.sender) {
        _stake(msg.sender, msg.sender, amount);
    }

    /// @notice stakes `amount` of the caller's tokens credited to `beneficiary` (the custody path: the
    ///         stake is the beneficiary's, only the beneficiary can withdraw it or claim its rewards)
    function stakeFor(address beneficiary, uint256 amount) external nonReentrant updateReward(beneficiary) {
        _stake(msg.sender, beneficiary, amount);
    }

    /// @notice stakes `amount` of `owner`'s tokens, credited to `owner`, by an EIP-2612 permit whose
    ///         spender is this contract. Anyone may submit a signed permit first (front-running), which
    ///         spends its nonce but grants the same allowance; so when `permit` fails, the stake still
    ///         goes through if (v, r, s) is `owner`'s permit of `amount` to this contract until
    ///         `deadline` for the nonce `owner` spent last (that very permit, already used), or if the
    ///         caller is `owner`. Otherwise it reverts `PermitNotGranted`: an allowance `owner` gave
    ///         for something else (the custody address's approve before its own `stakeFor`) is never
    ///         spent by a third party's call.
    function stakeWithPermit(address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        nonReentrant
        updateReward(owner)
    {
        IERC20Permit permitToken = IERC20Permit(address(stakingToken));
        try permitToken.permit(owner, address(this), amount, deadline, v, r, s) {}
        catch {
            if (msg.sender != owner && !_permitSpent(permitToken, owner, amount, deadline, v, r, s)) revert PermitNotGranted(owner);
        }
        _stake(owner, owner, amount);
    }

    /// @dev true when (v, r, s) is `owner`'s EIP-2612 permit of `amount` to this contract until
    ///      `deadline` for `owner`'s last spent nonce (someone submitted it to the token already)
    function _permitSpent(IERC20Permit permitToken, address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        private
        view
        returns (bool)
    {
        uint256 next = permitToken.nonces(owner);
        if (next == 0) return false;
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, address(this), amount, next - 1, deadline));
        bytes32 digest = MessageHashUtils.toTypedDataHash(permitToken.DOMAIN_SEPARATOR(), structHash);
        (address signer, ECDSA.RecoverError error_,) = ECDSA.tryRecover(digest, v, r, s);
        return error_ == ECDSA.RecoverError.NoError && signer == owner;
    }

    function withdraw(uint256 amount) public nonReentrant updateReward(msg.sender) {
        _withdraw(msg.sender, amount);
    }

    /// @notice withdraws `amount` of `owner`'s stake to `owner`, authorised by `owner`'s EIP-712
    ///         `Withdraw` signature (EOA or ERC-1271) for its current nonce, before `deadline` (seconds)
    function withdrawBySig(address owner, uint256 amount, uint256 deadline, bytes calldata signature)
        external
        nonReentrant
        updateReward(owner)
    {
        _checkSignature(owner, keccak256(abi.encode(WITHDRAW_TYPEHASH, owner, amount, _useNonce(owner), deadline)), deadline, signature);
        _withdraw(owner, amount);
    }

    function getReward() public nonReentrant updateReward(msg.sender) {
        _getReward(msg.sender);
    }

    /// @notice pays `owner`'s rewards to `owner`, authorised by `owner`'s EIP-712 `GetReward` signature
    function getRewardBySig(address owner, uint256 deadline, bytes calldata signature) external nonReentrant updateReward(owner) {
        _checkSignature(owner, keccak256(abi.encode(GET_REWARD_TYPEHASH, owner, _useNonce(owner), deadline)), deadline, signature);
        _getReward(owner);
    }

    function exit() external {
        withdraw(balanceOf[msg.sender]);
        getReward();
    }

    function _stake(address from, address beneficiary, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        totalSupply += amount;
        balanceOf[beneficiary] += amount;
        stakingToken.safeTransferFrom(from, address(this), amount);
        emit Staked(beneficiary, amount);
    }

    function _withdraw(address account, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        uint256 balance = balanceOf[account];
        if (amount > balance) revert InsufficientStake(balance, amount);
        totalSupply -= amount;
        balanceOf[account] = balance - amount;
        stakingToken.safeTransfer(account, amount);
        emit Withdrawn(account, amount);
    }

    function _getReward(address account) private {
        uint256 reward = rewards[account];
        if (reward > 0) {
            if (reward > rewardBalance) revert InsufficientRewardBalance(rewardBalance, reward);
            rewards[account] = 0;
            rewardBalance -= reward;
            rewardsToken.safeTransfer(account, reward);
            emit RewardPaid(account, reward);
        }
    }

    function _checkSignature(address owner, bytes32 structHash, uint256 deadline, bytes calldata signature) private view {
        if (block.timestamp > deadline) revert ExpiredSignature(deadline);
        if (!SignatureChecker.isValidSignatureNow(owner, _hashTypedDataV4(structHash), signature)) revert InvalidSigner(owner);
    }

    /// @notice owner: sets the per-second rate; rewards accrued so far keep the old rate
    function setRewardRate(uint256 rate) external onlyOwner updateReward(address(0)) {
        rewardRate = rate;
        emit RewardRateUpdated(rate);
    }

    /// @notice owner: adds `amount` of the reward token to the balance rewards are paid from
    function fund(uint256 amount) external onlyOwner {
        if (amount == 0) revert ZeroAmount();
        rewardBalance += amount;
        rewardsToken.safeTransferFrom(msg.sender, address(this), amount);
        emit Funded(amount);
    }
}
