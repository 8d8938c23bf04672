import type { Address, Hash } from "viem";
import { parseDecimal, pow10 } from "../decimal";
import { bridgeAbi, poolAbi, routerAbi, testTokenAbi, wrappedNativeAbi } from "./abis";
import type { ContractArtifacts } from "./artifacts";
import { confirmed, type ChainConnection, type ChainWalletClient } from "./clients";
import type { DeployedContracts } from "./schema";
import { BRIDGE_INVENTORY_USD, HUB_SYMBOL, hubToken, LOCAL_TOKENS, POOL_DEPTH_USD, type LocalTokenSpec } from "./tokens";

/** How many base units of `token` are worth `usd` dollars at its model price (rounded down). */
export function unitsForUsd(token: LocalTokenSpec, usd: bigint): bigint {
  const price = parseDecimal(token.priceUsd);
  return (usd * pow10(token.decimals) * pow10(price.scale)) / price.units;
}

async function created(conn: ChainConnection, hash: Hash): Promise<Address> {
  const receipt = await confirmed(conn.public, hash);
  if (!receipt.contractAddress) throw new Error(`deployment ${hash} created no contract`);
  return receipt.contractAddress;
}

/** Gives `to` an amount of one of our tokens: minted, or wrapped from the deployer's native coin. */
export async function fundToken(
  conn: ChainConnection,
  wallet: ChainWalletClient,
  token: LocalTokenSpec,
  address: Address,
  to: Address,
  amount: bigint,
): Promise<void> {
  if (token.wrappedNative) {
    await confirmed(conn.public, await wallet.writeContract({ address, abi: wrappedNativeAbi, functionName: "deposit", value: amount }));
    await confirmed(conn.public, await wallet.writeContract({ address, abi: wrappedNativeAbi, functionName: "transfer", args: [to, amount] }));
  } else {
    await confirmed(conn.public, await wallet.writeContract({ address, abi: testTokenAbi, functionName: "mint", args: [to, amount] }));
  }
}

/**
 * Deploys the tokens, one pool per token against the hub token (seeded at the simulated markets'
 * model prices), the router and the bridge (with its inventory), from the deployer's wallet.
 */
export async function deployContracts(
  conn: ChainConnection,
  deployer: ChainWalletClient,
  artifacts: ContractArtifacts,
  relayer: Address,
): Promise<DeployedContracts> {
  const { contracts } = artifacts;
  const tokens: Record<string, Address> = {};
  for (const token of LOCAL_TOKENS) {
    tokens[token.symbol] = await created(
      conn,
      token.wrappedNative
        ? await deployer.deployContract({ abi: wrappedNativeAbi, bytecode: contracts.WrappedNative.bytecode })
        : await deployer.deployContract({
            abi: testTokenAbi,
            bytecode: contracts.TestToken.bytecode,
            args: [token.name, token.symbol, token.decimals, token.approvalResetRequired],
          }),
    );
  }
  const hub = tokens[HUB_SYMBOL]!;
  const hubSpec = hubToken();
  const router = await created(conn, await deployer.deployContract({ abi: routerAbi, bytecode: contracts.Router.bytecode, args: [hub] }));
  const bridge = await created(conn, await deployer.deployContract({ abi: bridgeAbi, bytecode: contracts.Bridge.bytecode, args: [hub, router, relayer] }));
  const pools: Record<string, Address> = {};
  for (const token of LOCAL_TOKENS.filter((t) => t.symbol !== HUB_SYMBOL)) {
    const address = tokens[token.symbol]!;
    const pool = await created(conn, await deployer.deployContract({ abi: poolAbi, bytecode: contracts.Pool.bytecode, args: [address, hub] }));
    pools[token.symbol] = pool;
    await confirmed(conn.public, await deployer.writeContract({ address: router, abi: routerAbi, functionName: "setPool", args: [address, pool] }));
    await fundToken(conn, deployer, token, address, pool, unitsForUsd(token, POOL_DEPTH_USD));
    await fundToken(conn, deployer, hubSpec, hub, pool, unitsForUsd(hubSpec, POOL_DEPTH_USD));
    await confirmed(conn.public, await deployer.writeContract({ address: pool, abi: poolAbi, functionName: "sync" }));
  }
  await fundToken(conn, deployer, hubSpec, hub, bridge, unitsForUsd(hubSpec, BRIDGE_INVENTORY_USD));
  // The bridge's relayer is fixed at construction; read it back as a check that the bytecode is ours.
  const onChainRelayer = await conn.public.readContract({ address: bridge, abi: bridgeAbi, functionName: "relayer" });
  if (onChainRelayer.toLowerCase() !== relayer.toLowerCase()) throw new Error("the deployed bridge reports another relayer");
  return { tokens, pools, router, bridge };
}
