import type { Side } from "./types";

/** What a level can queue: an intrusive doubly-linked node, so unlinking anywhere is O(1). */
export interface Queued<N extends Queued<N>> {
  prev: N | null;
  next: N | null;
  level: Level<N> | null;
  /** Lots counted in the level's size. */
  remaining: number;
}

/** One price: a FIFO of nodes with a running total. */
export class Level<N extends Queued<N>> {
  head: N | null = null;
  tail: N | null = null;
  count = 0;
  size = 0;
  /** Id of the last operation that changed this level (for delta collection). */
  stamp = 0;

  constructor(
    readonly side: Side,
    readonly price: number,
  ) {}

  push(node: N): void {
    node.level = this;
    node.prev = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.count++;
    this.size += node.remaining;
  }

  unlink(node: N): void {
    if (node.prev === null) this.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) this.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = node.next = null;
    node.level = null;
    this.count--;
    this.size -= node.remaining;
  }

  /** Takes `lots` off a node without moving it (a partial fill or a trim). */
  reduce(node: N, lots: number): void {
    node.remaining -= lots;
    this.size -= lots;
  }
}
