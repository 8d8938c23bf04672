// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "./IERC20.sol";
import {Pool} from "./Pool.sol";

/// @title Swaps through the pools, every one of which pairs a token with the hub token (the USD coin):
///        a swap takes one hop to or from the hub, or two hops between two other tokens.
contract Router {
    address public immutable hub;
    address public immutable owner;
    mapping(address token => Pool pool) public poolOf;

    event PoolSet(address indexed token, address pool);

    error NotOwner();
    error Expired();
    error SameToken();
    error NoPool(address token);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error TransferFailed();

    constructor(address hub_) {
        hub = hub_;
        owner = msg.sender;
    }

    function setPool(address token, Pool pool) external {
        if (msg.sender != owner) revert NotOwner();
        poolOf[token] = pool;
        emit PoolSet(token, address(pool));
    }

    /// @notice What `swapExactIn` would pay for `amountIn` at the current reserves.
    function quote(address tokenIn, address tokenOut, uint256 amountIn) external view returns (uint256 amountOut) {
        amountOut = amountIn;
        (Pool[2] memory pools, address[3] memory tokens, uint256 hops) = _path(tokenIn, tokenOut);
        for (uint256 i = 0; i < hops; i++) amountOut = _amountOut(pools[i], tokens[i], amountOut);
    }

    /// @notice Takes `amountIn` of `tokenIn` from the caller and sends at least `minAmountOut` of `tokenOut` to `to`.
    function swapExactIn(
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 minAmountOut,
        address to,
        uint256 deadline
    ) external returns (uint256 amountOut) {
        if (block.timestamp > deadline) revert Expired();
        (Pool[2] memory pools, address[3] memory tokens, uint256 hops) = _path(tokenIn, tokenOut);
        if (!IERC20(tokenIn).transferFrom(msg.sender, address(pools[0]), amountIn)) revert TransferFailed();
        amountOut = amountIn;
        for (uint256 i = 0; i < hops; i++) {
            amountOut = _amountOut(pools[i], tokens[i], amountOut);
            address recipient = i + 1 < hops ? address(pools[i + 1]) : to;
            if (tokens[i] == pools[i].token0()) pools[i].swap(0, amountOut, recipient);
            else pools[i].swap(amountOut, 0, recipient);
        }
        if (amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
    }

    function _path(address tokenIn, address tokenOut) private view returns (Pool[2] memory pools, address[3] memory tokens, uint256 hops) {
        if (tokenIn == tokenOut) revert SameToken();
        tokens[0] = tokenIn;
        if (tokenIn != hub) {
            pools[hops] = _pool(tokenIn);
            tokens[++hops] = hub;
        }
        if (tokenOut != hub) {
            pools[hops] = _pool(tokenOut);
            tokens[++hops] = tokenOut;
        }
    }

    function _pool(address token) private view returns (Pool pool) {
        pool = poolOf[token];
        if (address(pool) == address(0)) revert NoPool(token);
    }

    function _amountOut(Pool pool, address tokenIn, uint256 amountIn) private view returns (uint256) {
        (uint256 r0, uint256 r1) = pool.getReserves();
        (uint256 reserveIn, uint256 reserveOut) = tokenIn == pool.token0() ? (r0, r1) : (r1, r0);
        uint256 inWithFee = amountIn * (10_000 - pool.FEE_BPS());
        return (inWithFee * reserveOut) / (reserveIn * 10_000 + inWithFee);
    }
}
