import { LOOKUPS_PATH, lookupPath, type LookupName, type LookupsAnswer } from '@lp/shared/contract';

type Rows = Record<string, unknown>[];
type Waiter = { resolve: (rows: Rows) => void; reject: (error: unknown) => void };

/**
 * The form lists asked for together — by the selects of one form, mounted in one render — in one
 * request: `/lookups/?names=a,b` (one list alone goes to its own path). A list asked twice in the
 * same turn is fetched once.
 */
export function createLookupBatcher(get: <T>(path: string) => Promise<T>): (name: LookupName) => Promise<Rows> {
  let waiting: Map<LookupName, Waiter[]> | null = null;

  async function flush(batch: Map<LookupName, Waiter[]>) {
    const names = [...batch.keys()];
    try {
      const lists: Partial<Record<LookupName, Rows>> = names.length === 1
        ? { [names[0]!]: await get<Rows>(lookupPath(names[0]!)) }
        : await get<LookupsAnswer>(`${LOOKUPS_PATH}?names=${names.join(',')}`) as Partial<Record<LookupName, Rows>>;
      for (const [name, waiters] of batch) for (const w of waiters) w.resolve(lists[name] ?? []);
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  return (name) => new Promise<Rows>((resolve, reject) => {
    if (!waiting) {
      const batch = new Map<LookupName, Waiter[]>();
      waiting = batch;
      // the end of this turn: every select of the form has asked by then
      setTimeout(() => {
        waiting = null;
        void flush(batch);
      }, 0);
    }
    waiting.set(name, [...(waiting.get(name) ?? []), { resolve, reject }]);
  });
}
