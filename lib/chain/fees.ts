// The contracts' fee constants, for quoting without a call per quote. Pool.FEE_BPS and Bridge.FEE_BPS
// are constants in the sources; lib/swap/local/swap.int.test.ts reads them back from deployed contracts.
export const POOL_FEE_BPS = 30n;
export const BRIDGE_FEE_BPS = 5n;
