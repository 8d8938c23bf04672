import { parseAbi } from "viem";

// The interfaces of lib/chain/contracts, typed for viem. abis.test.ts checks each against what solc
// compiles, so they cannot drift from the sources.

export const testTokenAbi = parseAbi([
  "constructor(string name_, string symbol_, uint8 decimals_, bool approvalResetRequired_)",
  "error ApprovalResetRequired()",
  "error InsufficientAllowance()",
  "error InsufficientBalance()",
  "error NotMinter()",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "function allowance(address, address) view returns (uint256)",
  "function approvalResetRequired() view returns (bool)",
  "function approve(address spender, uint256 amount) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
  "function decimals() view returns (uint8)",
  "function mint(address to, uint256 amount)",
  "function minter() view returns (address)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function totalSupply() view returns (uint256)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function transferFrom(address from, address to, uint256 amount) returns (bool)",
]);

export const wrappedNativeAbi = parseAbi([
  "error InsufficientAllowance()",
  "error InsufficientBalance()",
  "error NativeTransferFailed()",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "function allowance(address, address) view returns (uint256)",
  "function approve(address spender, uint256 amount) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
  "function decimals() view returns (uint8)",
  "function deposit() payable",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function totalSupply() view returns (uint256)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function transferFrom(address from, address to, uint256 amount) returns (bool)",
  "function withdraw(uint256 amount)",
  "receive() external payable",
]);

export const poolAbi = parseAbi([
  "constructor(address tokenA, address tokenB)",
  "error InsufficientLiquidity()",
  "error InvariantBroken()",
  "error Locked()",
  "error NoInput()",
  "error NoOutput()",
  "error TransferFailed()",
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  "event Sync(uint256 reserve0, uint256 reserve1)",
  "function FEE_BPS() view returns (uint256)",
  "function getReserves() view returns (uint256, uint256)",
  "function reserve0() view returns (uint256)",
  "function reserve1() view returns (uint256)",
  "function swap(uint256 amount0Out, uint256 amount1Out, address to)",
  "function sync()",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
]);

export const routerAbi = parseAbi([
  "constructor(address hub_)",
  "error Expired()",
  "error InsufficientOutput(uint256 amountOut, uint256 minAmountOut)",
  "error NoPool(address token)",
  "error NotOwner()",
  "error SameToken()",
  "error TransferFailed()",
  "event PoolSet(address indexed token, address pool)",
  "function hub() view returns (address)",
  "function owner() view returns (address)",
  "function poolOf(address token) view returns (address pool)",
  "function quote(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256 amountOut)",
  "function setPool(address token, address pool)",
  "function swapExactIn(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline) returns (uint256 amountOut)",
]);

export const bridgeAbi = parseAbi([
  "constructor(address hub_, address router_, address relayer_)",
  "error AlreadyReleased()",
  "error BelowMinimum(uint256 amount, uint256 minimum)",
  "error Expired()",
  "error NotOwner()",
  "error NotRefundable()",
  "error NotRelayer()",
  "error SameChain()",
  "error TransferFailed()",
  "error ZeroAmount()",
  "event Deposited(uint256 indexed depositId, address indexed sender, uint256 indexed dstChainId, address recipient, uint256 amount, uint256 fee, address tokenOut, uint256 minAmountOut)",
  "event Refunded(uint256 indexed depositId, address indexed sender, uint256 amount)",
  "event RelayerSet(address relayer)",
  "event Released(uint256 indexed srcChainId, uint256 indexed depositId, address indexed recipient, address tokenOut, uint256 amountOut)",
  "function FEE_BPS() view returns (uint256)",
  "function deposit((address tokenIn, uint256 amountIn, uint256 minBridged, uint256 dstChainId, address recipient, address tokenOut, uint256 minAmountOut, uint256 deadline) r) returns (uint256 depositId)",
  "function depositCount() view returns (uint256)",
  "function deposits(uint256 depositId) view returns (address sender, uint256 amount, bool refunded)",
  "function hub() view returns (address)",
  "function owner() view returns (address)",
  "function refund(uint256 depositId)",
  "function relayer() view returns (address)",
  "function release(uint256 srcChainId, uint256 depositId, address recipient, uint256 amount, address tokenOut, uint256 minAmountOut) returns (uint256 amountOut)",
  "function released(uint256 srcChainId, uint256 depositId) view returns (bool)",
  "function router() view returns (address)",
  "function setRelayer(address relayer_)",
]);

export const CONTRACT_ABIS = {
  TestToken: testTokenAbi,
  WrappedNative: wrappedNativeAbi,
  Pool: poolAbi,
  Router: routerAbi,
  Bridge: bridgeAbi,
} as const;

export type ContractName = keyof typeof CONTRACT_ABIS;
