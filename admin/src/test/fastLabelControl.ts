import { createRequire } from 'node:module';

/**
 * jsdom finds a `<label for>`'s control by walking the whole document comparing ids, and an
 * input's `labels` asks that of every label: each accessible name of a form field (getByRole
 * with a name, getByLabelText) costs labels × elements. MUI's forms have dozens of labelled
 * fields, so that walk was the largest single cost of the admin's form suites. A document keeps
 * its elements by id; this looks the control up there, as jsdom itself does for getElementById,
 * and leaves every other case (no `for`, a fragment, a repeated id) to jsdom's own walk.
 */
interface LabelImpl {
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): DocumentImpl;
}
interface DocumentImpl {
  _ids?: Record<string, unknown[] | undefined>;
  getElementById(id: string): unknown;
}

export function installFastLabelControl(): void {
  // the same module instances the jsdom environment runs (Node's require cache)
  const require = createRequire(import.meta.url);
  const label = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as { implementation: { prototype: object } };
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as { isLabelable(node: unknown): boolean };
  const prototype = label.implementation.prototype;
  const walk = Object.getOwnPropertyDescriptor(prototype, 'control')?.get;
  if (!walk) throw new Error('jsdom no longer defines HTMLLabelElement.control where expected');
  Object.defineProperty(prototype, 'control', {
    configurable: true,
    get(this: LabelImpl) {
      const id = this.getAttributeNS(null, 'for');
      if (id === null) return walk.call(this);
      if (id === '') return null;
      const root = this.getRootNode({});
      const owners = root._ids?.[id];
      // fragments keep no ids; with a repeated id only the walk knows which comes first in tree order
      if (!root._ids || (owners && owners.length > 1)) return walk.call(this);
      const found = root.getElementById(id);
      return found && isLabelable(found) ? found : null;
    },
  });
}
