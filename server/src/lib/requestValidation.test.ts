import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { withNullableTypeLists } from './requestValidation.ts';

describe('withNullableTypeLists', () => {
  it('rewrites a scalar or a literal union with null into a type list, keeping its limits', () => {
    expect(withNullableTypeLists(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]))).toEqual({ type: ['integer', 'null'], minimum: 1 });
    expect(withNullableTypeLists(Type.Union([Type.Null(), Type.String({ maxLength: 3 })]))).toEqual({ type: ['string', 'null'], maxLength: 3 });
    expect(withNullableTypeLists(Type.Union([Type.Literal('a'), Type.Literal('b'), Type.Null()]))).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(withNullableTypeLists(Type.Object({ x: Type.Optional(Type.Union([Type.Number(), Type.Null()])) }))).toMatchObject({
      properties: { x: { type: ['number', 'null'] } },
    });
  });

  it('leaves unions of objects, of several kinds, and without null as they are', () => {
    const object = Type.Union([Type.Null(), Type.Object({ a: Type.String() })]);
    expect(withNullableTypeLists(object)).toMatchObject({ anyOf: [{ type: 'null' }, { type: 'object' }] });
    expect(withNullableTypeLists(Type.Union([Type.String(), Type.Integer(), Type.Null()]))).toHaveProperty('anyOf');
    expect(withNullableTypeLists(Type.Union([Type.String(), Type.Integer()]))).toHaveProperty('anyOf');
  });
});
