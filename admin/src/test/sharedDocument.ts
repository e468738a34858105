import { afterEach } from 'vitest';

/**
 * For the files that share one document per worker (the `admin` project, isolate: false).
 *
 * emotion adds a <style> per rule to the document and never takes it out; every Global
 * (CssBaseline) mount queries the head for its own, so the head's size was paid on each screen.
 * Nothing in these files reads those rules (fastComputedStyle answers from inline styles; the
 * files that check real CSS are in `admin-mocks`, a document each), and emotion inserts each rule
 * once per module graph. The first stays: a Global mounted later inserts its sheet before it.
 */
afterEach(() => {
  for (const style of [...document.head.querySelectorAll('style[data-emotion="css"]')].slice(1)) style.remove();
});
