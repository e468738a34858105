import type { Reporter, SerializedError } from 'vitest/node';

/**
 * Repeats each unhandled error in a few lines after the run's summary. CI keeps only the end of the
 * output, where the default reporter's summary says "N errors" with the errors themselves far above.
 */
export default class UnhandledSummary implements Reporter {
  onTestRunEnd(_modules: unknown, errors: ReadonlyArray<SerializedError>) {
    if (errors.length === 0) return;
    const lines = ['', `Unhandled errors (${errors.length}), in short:`];
    for (const error of errors) {
      const origin = (error as { VITEST_TEST_PATH?: string }).VITEST_TEST_PATH ?? 'unknown file';
      const stack = (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at ')).slice(0, 6).map((line) => `    ${line.trim()}`);
      lines.push(`- ${error.name ?? 'Error'}: ${error.message ?? String(error)} (while ${origin} ran)`, ...stack);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
