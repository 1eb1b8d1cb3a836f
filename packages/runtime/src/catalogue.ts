/**
 * Refuses a catalogue in which two entries share a key (a queue name, a chain transaction kind, a
 * log stream, a problem type): each of them names one thing a process does, so a second entry
 * under the same key would silently shadow the first. Run where the catalogue is composed, so a
 * mis-listed process fails at its start.
 * @param keyOf the entry's key
 * @param describe the error message, from the first entry with the key and the one that repeats it
 * @throws Error(describe(first, again)) at the first repeated key
 */
export function assertUniqueEntries<T>(entries: readonly T[], keyOf: (entry: T) => string, describe: (first: T, again: T) => string): void {
  const seen = new Map<string, T>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const first = seen.get(key);
    if (first !== undefined) throw new Error(describe(first, entry));
    seen.set(key, entry);
  }
}
