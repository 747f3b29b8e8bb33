import type { ReadAllOptions } from '../../domain/ports/event-store.ts';

/** Refuses what no adapter reads: `after` with `from`, either of them backwards, or `before` forwards. */
export function checkReadAllOptions(options: ReadAllOptions): ReadAllOptions {
  if (options.after !== undefined && options.from !== undefined) throw new TypeError('readAll takes `after` or `from`, not both');
  if (options.direction === 'backwards' && (options.after !== undefined || options.from !== undefined)) {
    throw new TypeError('readAll backwards reads from the last event or `before` a position: it takes no `after` or `from`');
  }
  if (options.direction !== 'backwards' && options.before !== undefined) throw new TypeError('readAll takes `before` only backwards');
  return options;
}
