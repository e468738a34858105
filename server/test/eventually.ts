/** Polls `check` every 200 ms until it gives a value, or fails naming `what` after `timeoutMs` (the streaming suites' wait). */
export async function eventually<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 25_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
