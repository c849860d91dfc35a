import { describe, expect, it } from '@jest/globals';
import { ConditionTreeFactory } from '../../src/query/condition-tree/condition-tree-factory';
import type { PlainConditionTree } from '../../src/query/condition-tree/nodes/condition-tree';
import { ConditionTreeBranch } from '../../src/query/condition-tree/nodes/condition-tree-branch';
import { ConditionTreeLeaf } from '../../src/query/condition-tree/nodes/condition-tree-leaf';
import type { Operator } from '../../src/query/condition-tree/operators';
import { validateConditionTree } from '../../src/validation/condition-tree-validator';
import { makeStore } from './store-fixture';

const { products } = makeStore();
const leaf = (field: string, operator: Operator, value?: unknown) =>
  new ConditionTreeLeaf(field, operator, value);
const validate = (field: string, operator: Operator, value?: unknown) => () =>
  validateConditionTree(leaf(field, operator, value), products);
const prefix = (field: string, operator: string) =>
  `Invalid condition on field '${field}' with operator '${operator}': `;

describe('validateConditionTree: valid trees', () => {
  it.each<[string, Operator, unknown]>([
    ['name', 'Contains', 'lamp'],
    ['name', 'In', ['a', 'b', null]],
    ['name', 'LongerThan', 3],
    ['price', 'GreaterThan', 10],
    ['price', 'Equal', '12.5'],
    ['price', 'In', [1, '2', null]],
    ['price', 'Equal', null],
    ['status', 'In', ['draft', 'live']],
    ['createdAt', 'Before', '2024-01-31'],
    ['createdAt', 'Today', undefined],
    ['createdAt', 'PreviousXDays', 7],
    ['createdAt', 'BeforeXHoursAgo', '3'],
    ['releaseDay', 'After', '2024-01-31'],
    ['opensAt', 'LessThan', '10:00'],
    ['closesAt', 'GreaterThan', '10:00'],
    ['ref', 'Equal', '2d7c5e6a-1b3f-4c8e-9a0d-7f6e5d4c3b2a'],
    ['active', 'Equal', false],
    ['picture', 'Equal', Buffer.from('hi')],
    ['manual', 'Equal', 'data:text/plain;base64,aGk='],
    ['meta', 'Equal', { a: 1 }],
    ['meta', 'Present', undefined],
    ['location', 'Equal', '1,2'],
    ['tags', 'IncludesAll', ['a', 'b']],
    ['tags', 'Equal', 12],
    ['size', 'Equal', { width: 3 }],
    ['owner:company:name', 'StartsWith', 'Ac'],
  ])('accepts %s %s %p', (field, operator, value) => {
    expect(validate(field, operator, value)).not.toThrow();
  });

  it('accepts null and undefined (match all)', () => {
    expect(() => validateConditionTree(null, products)).not.toThrow();
    expect(() => validateConditionTree(undefined, products)).not.toThrow();
  });

  it('accepts branches, including empty ones (match none)', () => {
    const tree = new ConditionTreeBranch('And', [
      leaf('name', 'Present'),
      new ConditionTreeBranch('Or', [leaf('price', 'LessThan', 5), leaf('price', 'Missing')]),
      ConditionTreeFactory.MatchNone,
    ]);
    expect(() => validateConditionTree(tree, products)).not.toThrow();
  });
});

describe('validateConditionTree: fields', () => {
  it('raises a MissingFieldError naming the field and the operator', () => {
    expect(validate('nope', 'Equal', 1)).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        name: 'MissingFieldError',
        message: expect.stringMatching(
          /^Invalid condition on field 'nope' with operator 'Equal': The 'products.nope' field was not found\. Available fields are: \['id', 'name', .*\]\. Please check if the field name is correct\.$/,
        ),
        data: expect.objectContaining({ condition: { field: 'nope', operator: 'Equal' } }),
      }),
    );
  });

  it('rejects a relation used as a column', () => {
    expect(validate('owner', 'Present')).toThrow(
      `${prefix('owner', 'Present')}Unexpected field type: 'products.owner' (found 'ManyToOne' expected 'Column')`,
    );
  });

  it('rejects an unknown relation in a path', () => {
    expect(validate('maker:name', 'Equal', 'x')).toThrow(
      `${prefix('maker:name', 'Equal')}The 'products.maker' relation was not found. ` +
        "Available relations are: ['owner']. Please check if the relation name is correct.",
    );
  });

  it('rejects a to-many relation in a path', () => {
    const { owners } = makeStore();
    expect(() => validateConditionTree(leaf('products:name', 'Equal', 'x'), owners)).toThrow(
      `${prefix('products:name', 'Equal')}Unexpected field type: 'owners.products' ` +
        "(found 'OneToMany' expected 'ManyToOne' or 'OneToOne')",
    );
  });
});

describe('validateConditionTree: operators', () => {
  it('rejects an operator missing from the column filterOperators', () => {
    expect(validate('limited', 'Contains', 'a')).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message:
          "The given operator 'Contains' is not supported by the column: 'limited'.\n" +
          'The allowed types are: [Equal,In]',
        data: { field: 'limited', operator: 'Contains' },
      }),
    );
  });

  it('rejects any operator on a column that is not filterable', () => {
    expect(validate('hidden', 'Equal', 'a')).toThrow(
      "The given operator 'Equal' is not supported by the column: 'hidden'.\nthe column is not filterable",
    );
  });

  it('rejects an operator the column type does not allow', () => {
    const { products: custom } = makeStore();
    custom.schema.fields.price = {
      type: 'Column',
      columnType: 'Number',
      filterOperators: new Set<Operator>(['Equal', 'Contains']),
    };
    expect(() => validateConditionTree(leaf('price', 'Contains', 'a'), custom)).toThrow(
      `${prefix('price', 'Contains')}The given operator 'Contains' is not allowed with the ` +
        "columnType schema: 'Number'.\nThe allowed types are: " +
        '[Blank,Equal,Missing,NotEqual,Present,In,NotIn,IncludesAll,IncludesNone,' +
        'GreaterThan,LessThan,GreaterThanOrEqual,LessThanOrEqual]',
    );
  });

  it.each<[string, Operator, string]>([
    ['tags', 'Contains', 'Blank,Equal,Missing,NotEqual,Present,In,NotIn,IncludesAll,IncludesNone'],
    ['size', 'In', 'Blank,Equal,Missing,NotEqual,Present'],
  ])(
    'rejects a disallowed operator on the composite column %s cleanly',
    (field, operator, list) => {
      const { products: custom } = makeStore();
      const schema = custom.schema.fields[field] as { filterOperators?: Set<Operator> };
      schema.filterOperators = new Set<Operator>([operator]);
      const shown =
        field === 'tags'
          ? '["String"]'
          : '{"width":"Number","unit":{"type":"Enum","enumValues":["cm"]}}';
      expect(() => validateConditionTree(leaf(field, operator, 'x'), custom)).toThrow(
        `${prefix(field, operator)}The given operator '${operator}' is not allowed with the ` +
          `columnType schema: '${shown}'.\nThe allowed types are: [${list}]`,
      );
    },
  );

  it('rejects an unknown operator of a malformed instance, naming the field', () => {
    const bad = Object.assign(Object.create(ConditionTreeLeaf.prototype) as ConditionTreeLeaf, {
      field: 'name',
      operator: 'Resembles',
    });
    expect(() => validateConditionTree(bad, products)).toThrow(
      expect.objectContaining({
        message: "Unknown operator 'Resembles' on field 'name'.",
        data: { field: 'name', operator: 'Resembles' },
      }),
    );
  });
});

describe('validateConditionTree: values', () => {
  it.each<[string, Operator, unknown, string]>([
    ['price', 'GreaterThan', 'ten', 'ten.\n Expects "Number"'],
    ['price', 'Equal', 'ten', 'ten.\n Expects "Number",null'],
    ['price', 'In', [1, 'two'], 'two.\n Expects "Number",null'],
    ['name', 'Contains', 12, '12.\n Expects "String"'],
    ['name', 'Contains', null, 'null.\n Expects "String"'],
    ['name', 'Equal', { a: 1 }, '{"a":1}.\n Expects "String",null'],
    ['name', 'LongerThan', 'three', 'three.\n Expects "Number"'],
    ['createdAt', 'Today', 'now', 'now.\n Expects null'],
    ['createdAt', 'PreviousXDays', 'seven', 'seven.\n Expects "Number"'],
    ['createdAt', 'Before', 12, '12.\n Expects "Date"'],
    ['releaseDay', 'Before', '2024-01-31T10:00:00Z', '2024-01-31T10:00:00Z.\n Expects "Dateonly"'],
    ['opensAt', 'LessThan', 12, '12.\n Expects "Time"'],
    ['closesAt', 'GreaterThan', 'noon', 'noon.\n Expects "Time","Timeonly"'],
    ['active', 'Equal', 'yes', 'yes.\n Expects "Boolean",null'],
    ['ref', 'In', ['nope'], 'nope.\n Expects "Uuid",null'],
  ])('rejects %s %s %p', (field, operator, value, tail) => {
    expect(validate(field, operator, value)).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: `${prefix(field, operator)}The given value has a wrong type for "${field}": ${tail}`,
        data: { condition: { field, operator } },
      }),
    );
  });

  it('rejects an enum value that is not listed, element by element', () => {
    expect(validate('status', 'In', ['draft', 'gone'])).toThrow(
      `${prefix('status', 'In')}The given enum value(s) gone is not listed in [draft,live]`,
    );
  });
});

describe('validateConditionTree: branches and plain objects', () => {
  it('rejects a malformed branch aggregator', () => {
    const bad = new ConditionTreeBranch('Xor' as 'And', [leaf('name', 'Present')]);
    expect(() => validateConditionTree(bad, products)).toThrow(
      "The given aggregator 'Xor' is not supported. The supported values are: ['Or', 'And']",
    );
  });

  it('rejects branch conditions that are not an array', () => {
    const bad = new ConditionTreeBranch('And', 'oops' as unknown as []);
    expect(() => validateConditionTree(bad, products)).toThrow(
      "The given conditions 'oops' were expected to be an array",
    );
  });

  it('rejects a plain object that was not built into a tree', () => {
    const plain = { field: 'name', operator: 'Equal', value: 'a' };
    expect(() => validateConditionTree(plain as unknown as ConditionTreeLeaf, products)).toThrow(
      'Invalid condition tree: {"field":"name","operator":"Equal","value":"a"} ' +
        '(build it with ConditionTreeFactory.fromPlainObject)',
    );
  });

  it('validates the leaves of a tree built from a plain object', () => {
    const tree = ConditionTreeFactory.fromPlainObject({
      aggregator: 'and',
      conditions: [
        { field: 'name', operator: 'present' },
        { field: 'price', operator: 'greater_than', value: 'ten' },
      ],
    });
    expect(() => validateConditionTree(tree, products)).toThrow(
      `${prefix('price', 'GreaterThan')}The given value has a wrong type for "price": ten.\n` +
        ' Expects "Number"',
    );
  });

  it.each<[string, unknown, string]>([
    [
      'an unknown operator',
      { field: 'price', operator: 'resembles', value: 1 },
      "Unknown operator 'resembles' on field 'price'.",
    ],
    [
      'an unknown aggregator',
      { aggregator: 'xor', conditions: [] },
      "Failed to instantiate condition tree from json: unknown aggregator 'xor' (expected 'And' or 'Or')",
    ],
    [
      'a shapeless object',
      { nope: true },
      'Failed to instantiate condition tree from json: {"nope":true}',
    ],
  ])('rejects %s through ConditionTreeFactory.fromPlainObject', (_case, json, message) => {
    expect(() => ConditionTreeFactory.fromPlainObject(json as PlainConditionTree)).toThrow(
      expect.objectContaining({ code: 'ValidationError', message }),
    );
  });
});
