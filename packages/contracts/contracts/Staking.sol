// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Staking
/// @notice Synthetix StakingRewards-style staking: stakers deposit `stakingToken` and earn
///         `rewardsToken` at `rewardRate` per second, shared pro rata to their stake. Rewards are
///         paid from a balance the owner funds with `fund`; a claim beyond it reverts.
///         One deployment is one farming pool (staked token + reward rate): staking the native
///         token is the pool `Staking(GatewayToken, GatewayToken)`, an LP farm another deployment.
contract Staking is ReentrancyGuard, Ownable {
    using SafeERC20 for IERC20;

    IERC20 public immutable stakingToken;
    IERC20 public immutable rewardsToken;

    /// @notice reward units per second, shared among all stakers
    uint256 public rewardRate;
    uint256 public lastUpdateTime;
    uint256 public rewardPerTokenStored;
    /// @notice funded rewards not yet paid (kept apart from the stakes when both tokens are the same)
    uint256 public rewardBalance;

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

    constructor(IERC20 stakingToken_, IERC20 rewardsToken_, address owner_) Ownable(owner_) {
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
        if (amount == 0) revert ZeroAmount();
        totalSupply += amount;
        balanceOf[msg.sender] += amount;
        stakingToken.safeTransferFrom(msg.sender, address(this), amount);
        emit Staked(msg.sender, amount);
    }

    function withdraw(uint256 amount) public nonReentrant updateReward(msg.sender) {
        if (amount == 0) revert ZeroAmount();
        uint256 balance = balanceOf[msg.sender];
        if (amount > balance) revert InsufficientStake(balance, amount);
        totalSupply -= amount;
        balanceOf[msg.sender] = balance - amount;
        stakingToken.safeTransfer(msg.sender, amount);
        emit Withdrawn(msg.sender, amount);
    }

    function getReward() public nonReentrant updateReward(msg.sender) {
        uint256 reward = rewards[msg.sender];
        if (reward > 0) {
            if (reward > rewardBalance) revert InsufficientRewardBalance(rewardBalance, reward);
            rewards[msg.sender] = 0;
            rewardBalance -= reward;
            rewardsToken.safeTransfer(msg.sender, reward);
            emit RewardPaid(msg.sender, reward);
        }
    }

    function exit() external {
        withdraw(balanceOf[msg.sender]);
        getReward();
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
