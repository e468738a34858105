import AjvCompiler from '@fastify/ajv-compiler';

/**
 * The request validator: Fastify's Ajv, with nullable fields read as type lists.
 *
 * Fastify's Ajv coerces types (form bodies and query strings arrive as text), and inside an
 * anyOf each branch coerces in turn: `Type.Union([Type.Integer(), Type.Null()])` turned null
 * into 0, and a null-first union turns 0, '' and false into null. A type list (`type:
 * ['integer', 'null']`) is checked before any coercion. So a contract writes the natural union
 * and every request schema is compiled with such unions rewritten (a copy: the contract and the
 * OpenAPI document keep the union). Unions of objects or of several kinds are left alone.
 */
type Schema = Record<string, unknown>;
type Route = { schema: Schema } & Record<string, unknown>;
type Validate = (data: unknown) => unknown;
export type ValidatorFactory = (externalSchemas: unknown, options: unknown) => (route: Route) => Validate;

const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);
const isNull = (branch: Schema) => branch.type === 'null' && Object.keys(branch).length === 1;

/** One scalar schema or literals of one kind, with null: the type-list form; else null. */
function typeList(node: Schema, branches: Schema[]): Schema | null {
  const others = branches.filter((branch) => !isNull(branch));
  if (others.length === branches.length || others.some((branch) => typeof branch.type !== 'string' || !SCALARS.has(branch.type))) return null;
  const { anyOf: _anyOf, ...outer } = node;
  const kinds = new Set(others.map((branch) => branch.type));
  if (others.length === 1 && !('anyOf' in others[0]!)) {
    const only = others[0]!;
    const values = Array.isArray(only.enum) ? { enum: [...only.enum, null] } : 'const' in only ? { enum: [only.const, null] } : {};
    const { const: _const, ...rest } = only;
    return { ...outer, ...rest, type: [only.type, 'null'], ...values };
  }
  if (kinds.size === 1 && others.every((branch) => 'const' in branch && Object.keys(branch).every((k) => k === 'const' || k === 'type'))) {
    return { ...outer, type: [others[0]!.type, 'null'], enum: [...others.map((branch) => branch.const), null] };
  }
  return null;
}

export function withNullableTypeLists(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypeLists);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withNullableTypeLists(value)])) as Schema;
  return Array.isArray(node.anyOf) ? typeList(node, node.anyOf as Schema[]) ?? node : node;
}

/** Fastify's validator factory (its Ajv pool), compiling each request schema rewritten. */
export function requestValidatorFactory(base: ValidatorFactory = AjvCompiler() as unknown as ValidatorFactory): ValidatorFactory {
  return (externalSchemas, options) => {
    const build = base(externalSchemas, options);
    return (route) => build({ ...route, schema: withNullableTypeLists(route.schema) as Schema });
  };
}
