// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "./IERC20.sol";
import {Router} from "./Router.sol";

/// @title A lock-and-release bridge for the hub token (the USD coin), with swaps on either side.
/// @notice On the source chain a deposit takes any routed token, swaps it to the hub token and locks
///         it; the relayer then releases that amount on the destination chain from the bridge's own
///         inventory, swapped to the wanted token, or refunds the deposit on the source chain. A
///         deposit is released at most once: `released` is keyed by source chain and deposit id.
contract Bridge {
    uint256 public constant FEE_BPS = 5;

    address public immutable hub;
    Router public immutable router;
    address public immutable owner;
    address public relayer;
    uint256 public depositCount;

    struct Deposit {
        address sender;
        uint256 amount;
        bool refunded;
    }

    mapping(uint256 depositId => Deposit) public deposits;
    mapping(uint256 srcChainId => mapping(uint256 depositId => bool)) public released;

    /// @notice What a depositor asks for; `minBridged` is the least hub-token amount, after the
    ///         bridge fee, that may be locked.
    struct DepositRequest {
        address tokenIn;
        uint256 amountIn;
        uint256 minBridged;
        uint256 dstChainId;
        address recipient;
        address tokenOut;
        uint256 minAmountOut;
        uint256 deadline;
    }

    event Deposited(
        uint256 indexed depositId,
        address indexed sender,
        uint256 indexed dstChainId,
        address recipient,
        uint256 amount,
        uint256 fee,
        address tokenOut,
        uint256 minAmountOut
    );
    event Released(uint256 indexed srcChainId, uint256 indexed depositId, address indexed recipient, address tokenOut, uint256 amountOut);
    event Refunded(uint256 indexed depositId, address indexed sender, uint256 amount);
    event RelayerSet(address relayer);

    error NotOwner();
    error NotRelayer();
    error Expired();
    error SameChain();
    error ZeroAmount();
    error BelowMinimum(uint256 amount, uint256 minimum);
    error AlreadyReleased();
    error NotRefundable();
    error TransferFailed();

    constructor(address hub_, Router router_, address relayer_) {
        hub = hub_;
        router = router_;
        owner = msg.sender;
        relayer = relayer_;
    }

    function setRelayer(address relayer_) external {
        if (msg.sender != owner) revert NotOwner();
        relayer = relayer_;
        emit RelayerSet(relayer_);
    }

    /// @notice Locks `amountIn` of `tokenIn` (swapped to the hub token first when it is another token)
    ///         for release on `dstChainId` to `recipient` as at least `minAmountOut` of `tokenOut`.
    function deposit(DepositRequest calldata r) external returns (uint256 depositId) {
        if (block.timestamp > r.deadline) revert Expired();
        if (r.dstChainId == block.chainid) revert SameChain();
        if (r.amountIn == 0) revert ZeroAmount();
        if (!IERC20(r.tokenIn).transferFrom(msg.sender, address(this), r.amountIn)) revert TransferFailed();
        uint256 gross = r.amountIn;
        if (r.tokenIn != hub) {
            if (!IERC20(r.tokenIn).approve(address(router), r.amountIn)) revert TransferFailed();
            gross = router.swapExactIn(r.tokenIn, hub, r.amountIn, 0, address(this), r.deadline);
        }
        uint256 fee = (gross * FEE_BPS) / 10_000;
        uint256 amount = gross - fee;
        if (amount == 0 || amount < r.minBridged) revert BelowMinimum(amount, r.minBridged);
        depositId = ++depositCount;
        deposits[depositId] = Deposit(msg.sender, amount, false);
        emit Deposited(depositId, msg.sender, r.dstChainId, r.recipient, amount, fee, r.tokenOut, r.minAmountOut);
    }

    /// @notice Pays a deposit made on `srcChainId`, once: `amount` of the hub token, swapped to `tokenOut`.
    function release(
        uint256 srcChainId,
        uint256 depositId,
        address recipient,
        uint256 amount,
        address tokenOut,
        uint256 minAmountOut
    ) external returns (uint256 amountOut) {
        if (msg.sender != relayer) revert NotRelayer();
        if (released[srcChainId][depositId]) revert AlreadyReleased();
        released[srcChainId][depositId] = true;
        if (tokenOut == hub) {
            if (amount < minAmountOut) revert BelowMinimum(amount, minAmountOut);
            if (!IERC20(hub).transfer(recipient, amount)) revert TransferFailed();
            amountOut = amount;
        } else {
            if (!IERC20(hub).approve(address(router), amount)) revert TransferFailed();
            amountOut = router.swapExactIn(hub, tokenOut, amount, minAmountOut, recipient, block.timestamp);
        }
        emit Released(srcChainId, depositId, recipient, tokenOut, amountOut);
    }

    /// @notice Returns a deposit that cannot be released to its sender, in the hub token.
    function refund(uint256 depositId) external {
        if (msg.sender != relayer) revert NotRelayer();
        Deposit storage d = deposits[depositId];
        if (d.sender == address(0) || d.refunded) revert NotRefundable();
        d.refunded = true;
        if (!IERC20(hub).transfer(d.sender, d.amount)) revert TransferFailed();
        emit Refunded(depositId, d.sender, d.amount);
    }
}
