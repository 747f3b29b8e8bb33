import { Map as PersistentMap } from 'immutable';
import type { Interval } from './availability.ts';

// Intervals by id, persistent (every change answers a new set and leaves the old one as it was), for the
// vendor's calendar state: its busy windows and its reservations. A busy vendor's calendar holds thousands
// of them, so a change adds or removes one entry in O(log n) instead of copying the others, and "what
// overlaps [start, end)" walks one path of a tree ordered by start instead of every entry.
//
// The tree is a treap (a binary search tree by (start, id), a heap by a priority hashed from the id, so
// it is balanced in expectation whatever order entries come in, and the same entries always make the
// same tree), each node knowing the latest end below it: a subtree ending at or before `start` holds no
// overlap and is skipped. Intervals are half-open [start, end), as everywhere in the calendar.

interface Node {
  readonly id: string;
  readonly start: number;
  readonly end: number;
  readonly priority: number;
  /** The latest end in this subtree. */
  readonly maxEnd: number;
  readonly left: Node | null;
  readonly right: Node | null;
}

export class IntervalSet<T extends Interval> {
  private static readonly none = new IntervalSet<Interval>(PersistentMap(), null);

  /** The empty set. */
  static empty<T extends Interval>(): IntervalSet<T> {
    return IntervalSet.none as unknown as IntervalSet<T>;
  }

  /** The set of these entries (for tests and fixtures). */
  static of<T extends Interval>(entries: Iterable<readonly [string, T]>): IntervalSet<T> {
    let set = IntervalSet.empty<T>();
    for (const [id, value] of entries) set = set.set(id, value);
    return set;
  }

  private readonly byId: PersistentMap<string, T>;
  private readonly byStart: Node | null;

  private constructor(byId: PersistentMap<string, T>, byStart: Node | null) {
    this.byId = byId;
    this.byStart = byStart;
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  /** The set with `id` holding `value` (replacing what it held). */
  set(id: string, value: T): IntervalSet<T> {
    const previous = this.byId.get(id);
    const tree = previous ? remove(this.byStart, startOf(previous), id) : this.byStart;
    const start = startOf(value);
    const end = endOf(value);
    return new IntervalSet(this.byId.set(id, value), insert(tree, { id, start, end, priority: priorityOf(id), maxEnd: end, left: null, right: null }));
  }

  /** The set without `id` (this set when it has none). */
  remove(id: string): IntervalSet<T> {
    const previous = this.byId.get(id);
    if (!previous) return this;
    return new IntervalSet(this.byId.delete(id), remove(this.byStart, startOf(previous), id));
  }

  /** The ids held, in no particular order. */
  ids(): IterableIterator<string> {
    return this.byId.keys();
  }

  /** Every entry, by start (then id). */
  *entries(): Generator<[string, T]> {
    const stack: Node[] = [];
    let node = this.byStart;
    while (node || stack.length > 0) {
      while (node) {
        stack.push(node);
        node = node.left;
      }
      const next = stack.pop()!;
      yield [next.id, this.byId.get(next.id)!];
      node = next.right;
    }
  }

  /** The id of the earliest-starting entry overlapping [start, end) other than `ignoreId`; undefined if none. */
  firstOverlap(interval: Interval, ignoreId?: string): string | undefined {
    const start = Date.parse(interval.start);
    const end = Date.parse(interval.end);
    if (Number.isNaN(start) || Number.isNaN(end)) return undefined;
    return firstOverlapIn(this.byStart, start, end, ignoreId)?.id;
  }

  /** What JSON shows of it (time travel, logs): id → interval, as a plain record. */
  toJSON(): Record<string, T> {
    return Object.fromEntries(this.entries());
  }
}

// An entry without valid times overlaps nothing, as every comparison with NaN is false: it sorts last
// and ends before anything, so no search reports it.
const startOf = (interval: Interval): number => {
  const start = Date.parse(interval.start);
  return Number.isNaN(start) ? Infinity : start;
};
const endOf = (interval: Interval): number => {
  const end = Date.parse(interval.end);
  return Number.isNaN(end) ? -Infinity : end;
};

/** A deterministic priority from the id (FNV-1a): the same entries always build the same tree. */
function priorityOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Whether (start, id) orders before the node's (start, id). */
const before = (start: number, id: string, node: Node): boolean => start < node.start || (start === node.start && id < node.id);

function withChildren(node: Node, left: Node | null, right: Node | null): Node {
  const maxEnd = Math.max(node.end, left ? left.maxEnd : -Infinity, right ? right.maxEnd : -Infinity);
  return { id: node.id, start: node.start, end: node.end, priority: node.priority, maxEnd, left, right };
}

/** The tree split into the nodes ordering before (start, id) and the others. */
function split(node: Node | null, start: number, id: string): [Node | null, Node | null] {
  if (!node) return [null, null];
  if (before(start, id, node)) {
    const [left, right] = split(node.left, start, id);
    return [left, withChildren(node, right, node.right)];
  }
  const [left, right] = split(node.right, start, id);
  return [withChildren(node, node.left, left), right];
}

/** The two trees joined; every node of `left` orders before every node of `right`. */
function merge(left: Node | null, right: Node | null): Node | null {
  if (!left) return right;
  if (!right) return left;
  if (left.priority >= right.priority) return withChildren(left, left.left, merge(left.right, right));
  return withChildren(right, merge(left, right.left), right.right);
}

function insert(node: Node | null, entry: Node): Node {
  if (!node) return entry;
  if (entry.priority > node.priority) {
    const [left, right] = split(node, entry.start, entry.id);
    return withChildren(entry, left, right);
  }
  return before(entry.start, entry.id, node)
    ? withChildren(node, insert(node.left, entry), node.right)
    : withChildren(node, node.left, insert(node.right, entry));
}

function remove(node: Node | null, start: number, id: string): Node | null {
  if (!node) return null;
  if (node.id === id && node.start === start) return merge(node.left, node.right);
  if (before(start, id, node)) {
    const left = remove(node.left, start, id);
    return left === node.left ? node : withChildren(node, left, node.right);
  }
  const right = remove(node.right, start, id);
  return right === node.right ? node : withChildren(node, node.left, right);
}

/**
 * The earliest-starting node overlapping [start, end) but `ignoreId`. Skips subtrees ending at or before
 * `start`, and stops at the first node starting at or after `end` (the nodes after it start later still).
 */
function firstOverlapIn(node: Node | null, start: number, end: number, ignoreId: string | undefined): Node | null {
  if (!node || node.maxEnd <= start) return null;
  const left = firstOverlapIn(node.left, start, end, ignoreId);
  if (left) return left;
  if (node.start >= end) return null;
  if (node.end > start && node.id !== ignoreId) return node;
  return firstOverlapIn(node.right, start, end, ignoreId);
}
