// Rules about this project's own folder layout (docs/how-to-add-a-module.md); generic rules come
// from ESLint's and typescript-eslint's sets.
import path from 'node:path';

const RESOURCES = path.join('admin', 'src', 'resources');

function resourceOf(file) {
  const relative = path.relative(process.cwd(), file);
  if (!relative.startsWith(RESOURCES + path.sep)) return null;
  return relative.slice(RESOURCES.length + 1).split(path.sep)[0];
}

/** A resource folder is one screen family: what two of them share lives in admin/src/common/. */
const noCrossResourceImports = {
  meta: {
    type: 'problem',
    docs: { description: 'no imports from one admin resource folder into another' },
    messages: { crossResource: "'{{from}}' imports from resource '{{to}}': move what both use to admin/src/common/" },
    schema: [],
  },
  create(context) {
    const from = resourceOf(context.filename);
    if (!from) return {};
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = resourceOf(path.resolve(path.dirname(context.filename), source));
      if (to && to !== from) context.report({ node: node.source, messageId: 'crossResource', data: { from, to } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const layoutPlugin = { rules: { 'no-cross-resource-imports': noCrossResourceImports } };
