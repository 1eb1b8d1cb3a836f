/**
 * The steps of a graceful stop that are under way, by name, so that a stop which runs past
 * SHUTDOWN_TIMEOUT_MS can say what it was still waiting for ({@link runService} logs them).
 * Before, the time-out's line said only that the stop had not finished: a CI run where it
 * happened once (the worker after Redis came back empty) left no way to tell which close hung.
 *
 * Steps may run one after another or together (`Promise.all` of several `step` calls); each is
 * listed from its start until it settles, whether it resolves or throws.
 */
export class StopProgress {
  readonly #pending = new Map<number, string>();
  #next = 0;

  /**
   * Runs `work` as the step `name` (a short phrase: `close the deliveries consumer`), listed by
   * {@link pending} until it settles.
   * @returns what `work` returns; @throws what it throws
   */
  async step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
    const id = this.#next++;
    this.#pending.set(id, name);
    try {
      return await work();
    } finally {
      this.#pending.delete(id);
    }
  }

  /** The steps started and not yet settled, in the order they started. */
  pending(): string[] {
    return [...this.#pending.values()];
  }
}
