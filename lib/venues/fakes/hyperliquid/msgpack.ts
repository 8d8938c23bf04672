// The MessagePack encoding Hyperliquid hashes actions with (rmp-serde on its side): maps in the order given,
// the smallest integer form, strings, booleans, nil. Actions hold no floats or binary.

export type Packable = null | boolean | number | string | readonly Packable[] | { readonly [key: string]: Packable };

export function packb(value: Packable): Uint8Array {
  const out: number[] = [];
  write(value, out);
  return Uint8Array.from(out);
}

function write(value: Packable, out: number[]): void {
  if (value === null) out.push(0xc0);
  else if (typeof value === "boolean") out.push(value ? 0xc3 : 0xc2);
  else if (typeof value === "number") writeInteger(value, out);
  else if (typeof value === "string") writeString(value, out);
  else if (Array.isArray(value)) {
    writeLength(value.length, 0x90, 15, 0xdc, out);
    for (const item of value as readonly Packable[]) write(item, out);
  } else {
    const entries = Object.entries(value);
    writeLength(entries.length, 0x80, 15, 0xde, out);
    for (const [key, item] of entries) {
      writeString(key, out);
      write(item, out);
    }
  }
}

function writeInteger(n: number, out: number[]): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer: ${n}`);
  if (n >= 0) {
    if (n < 0x80) out.push(n);
    else if (n < 0x100) out.push(0xcc, n);
    else if (n < 0x10000) out.push(0xcd, ...bigEndian(BigInt(n), 2));
    else if (n < 0x100000000) out.push(0xce, ...bigEndian(BigInt(n), 4));
    else out.push(0xcf, ...bigEndian(BigInt(n), 8));
  } else if (n >= -32) out.push(0x100 + n);
  else if (n >= -0x80) out.push(0xd0, ...bigEndian(BigInt(n), 1));
  else if (n >= -0x8000) out.push(0xd1, ...bigEndian(BigInt(n), 2));
  else if (n >= -0x80000000) out.push(0xd2, ...bigEndian(BigInt(n), 4));
  else out.push(0xd3, ...bigEndian(BigInt(n), 8));
}

function writeString(text: string, out: number[]): void {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length < 32) out.push(0xa0 | bytes.length);
  else if (bytes.length < 0x100) out.push(0xd9, bytes.length);
  else if (bytes.length < 0x10000) out.push(0xda, ...bigEndian(BigInt(bytes.length), 2));
  else out.push(0xdb, ...bigEndian(BigInt(bytes.length), 4));
  out.push(...bytes);
}

function writeLength(n: number, fixBase: number, fixMax: number, wide: number, out: number[]): void {
  if (n <= fixMax) out.push(fixBase | n);
  else if (n < 0x10000) out.push(wide, ...bigEndian(BigInt(n), 2));
  else out.push(wide + 1, ...bigEndian(BigInt(n), 4));
}

/** `n` in `bytes` big-endian bytes, two's complement when negative. */
export function bigEndian(n: bigint, bytes: number): number[] {
  const bits = BigInt(bytes * 8);
  let x = BigInt.asUintN(Number(bits), n);
  const out = new Array<number>(bytes);
  for (let i = bytes - 1; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}
