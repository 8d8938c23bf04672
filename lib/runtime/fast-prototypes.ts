// V8 keeps an object that has just become a prototype in dictionary mode ("setup mode") until a property
// store on an object inheriting from it makes it fast again. A library that defines `class … extends
// String` when it loads (ioredis does, for RESP3's verbatim strings) so leaves String.prototype in
// dictionary mode; a string primitive's method calls never trigger that store, and optimized code then
// reaches charCodeAt, indexOf, slice … through the generic lookup. Measured on the WCXB pages: the whole
// extraction pipeline ran 25–35 % slower in a process that had loaded ioredis, a charCodeAt loop 2.5×.

const BUILTIN_PROTOTYPES: readonly object[] = [
  String.prototype,
  Number.prototype,
  Boolean.prototype,
  Array.prototype,
  Object.prototype,
  Function.prototype,
  Map.prototype,
  Set.prototype,
  RegExp.prototype,
  Promise.prototype,
  Error.prototype,
  Date.prototype,
  Uint8Array.prototype,
];

/** Puts the builtin prototypes back in fast mode; run once the process's modules are loaded. */
export function makeBuiltinPrototypesFast(): void {
  for (const proto of BUILTIN_PROTOTYPES) {
    const probe: { fast?: boolean } = Object.create(proto);
    probe.fast = true;
  }
}
