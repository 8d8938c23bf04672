// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title An ERC-20 for the local chains: minted by its deployer (the faucet and pool seeding).
/// @notice With `approvalResetRequired`, changing a non-zero allowance to another non-zero value
///         reverts, as some deployed stablecoins do; wallets must approve zero first.
contract TestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    bool public immutable approvalResetRequired;
    address public immutable minter;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error NotMinter();
    error InsufficientBalance();
    error InsufficientAllowance();
    error ApprovalResetRequired();

    constructor(string memory name_, string memory symbol_, uint8 decimals_, bool approvalResetRequired_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        approvalResetRequired = approvalResetRequired_;
        minter = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter();
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        if (approvalResetRequired && amount != 0 && allowance[msg.sender][spender] != 0) revert ApprovalResetRequired();
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance();
            allowance[from][msg.sender] = allowed - amount;
        }
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance();
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
