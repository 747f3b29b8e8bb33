import type { ReadAllOptions } from '../../domain/ports/event-store.ts';

/** Refuses what no adapter reads: `after` and `from` together, or either of them backwards. */
export function checkReadAllOptions(options: ReadAllOptions): ReadAllOptions {
  if (options.after !== undefined && options.from !== undefined) throw new TypeError('readAll takes `after` or `from`, not both');
  if (options.direction === 'backwards' && (options.after !== undefined || options.from !== undefined)) {
    throw new TypeError('readAll backwards starts at the last event: it takes no `after` or `from`');
  }
  return options;
}
