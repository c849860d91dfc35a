import {
  Aggregation,
  ConditionTreeLeaf,
  createInMemoryDataSource,
  Filter,
  PaginatedFilter,
  Projection,
  type DataSource,
} from '@grove/datasource-toolkit';
import { BinaryCollectionDecorator } from '../../../src/decorators/binary/binary-collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { caller, readAll } from '../write/library-fixture';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const pngUri = `data:image/png;base64,${png.toString('base64')}`;
const id = (hex: string): Buffer => Buffer.from(hex, 'hex');

function makeSource(): DataSource {
  return createInMemoryDataSource({
    collections: {
      owners: {
        fields: {
          id: { type: 'Column', columnType: 'Binary', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
        },
        records: [{ id: id('0a0b'), name: 'Ada' }],
      },
      files: {
        fields: {
          id: { type: 'Column', columnType: 'Binary', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
          content: {
            type: 'Column',
            columnType: 'Binary',
            validation: [{ operator: 'Present' }, { operator: 'LongerThan', value: 1 }],
          },
          hash: {
            type: 'Column',
            columnType: 'Binary',
            validation: [
              { operator: 'LongerThan', value: 15 },
              { operator: 'ShorterThan', value: 33 },
              { operator: 'Present' },
              { operator: 'Equal', value: 'dropped' },
            ],
          },
          ownerId: { type: 'Column', columnType: 'Binary' },
          owner: {
            type: 'ManyToOne',
            foreignCollection: 'owners',
            foreignKey: 'ownerId',
            foreignKeyTarget: 'id',
          },
          thumbnails: { type: 'Column', columnType: ['Binary'] },
          meta: {
            type: 'Column',
            columnType: { data: 'Binary', kind: { type: 'Enum', enumValues: ['a', 'b'] } },
          },
        },
        records: [
          {
            id: id('01'),
            name: 'logo',
            content: png,
            hash: id('ff00'),
            ownerId: id('0a0b'),
            thumbnails: [png],
            meta: { data: Buffer.from('hi'), kind: 'a' },
          },
          { id: id('02'), name: 'notes', content: Buffer.from('plain text') },
        ],
      },
    },
  });
}

describe('BinaryCollectionDecorator', () => {
  let source: DataSource;
  let layer: DataSourceDecorator<BinaryCollectionDecorator>;

  beforeEach(() => {
    source = makeSource();
    layer = new DataSourceDecorator(source, BinaryCollectionDecorator);
  });

  describe('setBinaryMode', () => {
    test('refuses an invalid mode', () => {
      expect(() =>
        layer.getCollection('files').setBinaryMode('content', 'base64' as 'hex'),
      ).toThrow("Invalid binary mode 'base64' on 'files.content': expected 'datauri' or 'hex'");
    });

    test('refuses a field that is not binary', () => {
      expect(() => layer.getCollection('files').setBinaryMode('name', 'hex')).toThrow(
        "Expected a binary field: 'files.name' is not a Binary column",
      );
    });

    test('refuses an unknown field', () => {
      expect(() => layer.getCollection('files').setBinaryMode('size', 'hex')).toThrow(
        "The 'files.size' field was not found.",
      );
    });

    test('changes how values are read', async () => {
      layer.getCollection('files').setBinaryMode('content', 'hex');

      const [file] = await layer
        .getCollection('files')
        .list(caller, new PaginatedFilter(), new Projection('content'));

      expect(file).toEqual({ content: png.toString('hex') });
    });
  });

  describe('schema', () => {
    test('exports binary columns as strings, composites included', () => {
      const { fields } = layer.getCollection('files').schema;

      expect(fields.id).toMatchObject({ columnType: 'String' });
      expect(fields.thumbnails).toMatchObject({ columnType: ['String'] });
      expect(fields.meta).toMatchObject({
        columnType: { data: 'String', kind: { type: 'Enum', enumValues: ['a', 'b'] } },
      });
    });

    test('rewrites the validation of hex columns from byte lengths', () => {
      layer.getCollection('files').setBinaryMode('hash', 'hex');

      expect(layer.getCollection('files').schema.fields.hash).toMatchObject({
        validation: [
          { operator: 'Match', value: /^[0-9a-f]+$/ },
          { operator: 'LongerThan', value: 31 },
          { operator: 'ShorterThan', value: 65 },
          { operator: 'Present' },
        ],
      });
    });

    test('rewrites the validation of data URI columns', () => {
      expect(layer.getCollection('files').schema.fields.content).toMatchObject({
        validation: [{ operator: 'Match', value: /^data:.*;base64,.*/ }, { operator: 'Present' }],
      });
    });

    test('defaults to hex for primary and foreign keys, datauri otherwise', () => {
      const { fields } = layer.getCollection('files').schema;

      expect(fields.id).toMatchObject({
        validation: [{ operator: 'Match', value: /^[0-9a-f]+$/ }],
      });
      expect(fields.ownerId).toMatchObject({
        validation: [{ operator: 'Match', value: /^[0-9a-f]+$/ }],
      });
      expect(fields.hash).toMatchObject({
        validation: [{ operator: 'Match', value: /^data:.*;base64,.*/ }, { operator: 'Present' }],
      });
    });
  });

  describe('reads', () => {
    test('encode Buffers as hex or data URIs with a sniffed mime type', async () => {
      const records = await layer
        .getCollection('files')
        .list(
          caller,
          new PaginatedFilter(),
          new Projection('id', 'content', 'thumbnails', 'meta', 'owner:id', 'owner:name'),
        );

      expect(records).toEqual([
        {
          id: '01',
          content: pngUri,
          thumbnails: [pngUri],
          meta: { data: 'data:application/octet-stream;base64,aGk=', kind: 'a' },
          owner: { id: '0a0b', name: 'Ada' },
        },
        {
          id: '02',
          content: `data:application/octet-stream;base64,${Buffer.from('plain text').toString('base64')}`,
          thumbnails: null,
          meta: null,
          owner: null,
        },
      ]);
    });

    test('encode aggregate groups', async () => {
      const rows = await layer
        .getCollection('files')
        .aggregate(
          caller,
          new Filter(),
          new Aggregation({ operation: 'Count', groups: [{ field: 'ownerId' }] }),
        );

      expect(rows).toEqual([
        { value: 1, group: { ownerId: '0a0b' } },
        { value: 1, group: { ownerId: null } },
      ]);
    });
  });

  describe('writes', () => {
    test('create decodes strings into Buffers and returns strings', async () => {
      const created = await layer
        .getCollection('files')
        .create(caller, [{ id: '03', content: pngUri, ownerId: '0a0b', thumbnails: [pngUri] }]);

      expect(created).toEqual([
        expect.objectContaining({
          id: '03',
          content: pngUri,
          ownerId: '0a0b',
          thumbnails: [pngUri],
        }),
      ]);
      const stored = (await readAll(source.getCollection('files'))).find(
        file => file.name === null,
      );
      expect(stored).toMatchObject({
        id: id('03'),
        content: png,
        ownerId: id('0a0b'),
        thumbnails: [png],
      });
    });

    test('update decodes the patch', async () => {
      const filter = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', '02') });

      await layer.getCollection('files').update(caller, filter, { content: pngUri });

      const files = await source
        .getCollection('files')
        .list(caller, new PaginatedFilter(), new Projection('name', 'content'));
      expect(files).toEqual([
        { name: 'logo', content: png },
        { name: 'notes', content: png },
      ]);
    });

    test('refuses a value that is not hexadecimal, naming the field', async () => {
      await expect(layer.getCollection('files').create(caller, [{ id: 'xyz' }])).rejects.toThrow(
        'Expected an hexadecimal string for \'files.id\', got "xyz"',
      );
    });

    test('refuses a value that is not a data URI, naming the field', async () => {
      await expect(
        layer.getCollection('files').create(caller, [{ id: '04', content: 'hello' }]),
      ).rejects.toThrow(
        'Invalid value for \'files.content\': Expected a file, got "hello". A file value must be a data uri.',
      );
    });
  });

  describe('filters', () => {
    test('decode values of columns', async () => {
      const filter = new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('id', 'In', ['01', '02']),
      });

      const records = await layer
        .getCollection('files')
        .list(caller, filter, new Projection('name'));

      expect(records).toEqual([{ name: 'logo' }, { name: 'notes' }]);
    });

    test('decode values of relation paths with the related collection mode', async () => {
      const filter = new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('owner:id', 'Equal', '0a0b'),
      });

      const records = await layer
        .getCollection('files')
        .list(caller, filter, new Projection('name'));

      expect(records).toEqual([{ name: 'logo' }]);
    });

    test('decode data URIs', async () => {
      const filter = new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('content', 'Equal', pngUri),
      });

      const records = await layer
        .getCollection('files')
        .list(caller, filter, new Projection('name'));

      expect(records).toEqual([{ name: 'logo' }]);
    });

    test('leave operators without value alone', async () => {
      const filter = new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('ownerId', 'Missing'),
      });

      const records = await layer
        .getCollection('files')
        .list(caller, filter, new Projection('name'));

      expect(records).toEqual([{ name: 'notes' }]);
    });
  });

  describe('reads without a binary field', () => {
    test('passes the records of the child as they are', async () => {
      const projection = new Projection('name');
      const below = await source
        .getCollection('files')
        .list(caller, new PaginatedFilter(), projection);
      const spy = jest.spyOn(source.getCollection('files'), 'list').mockResolvedValue(below);

      const records = await layer
        .getCollection('files')
        .list(caller, new PaginatedFilter(), projection);

      expect(records).toBe(below);
      spy.mockRestore();
    });

    test('converts the records when one projected field is binary', async () => {
      const records = await layer
        .getCollection('files')
        .list(caller, new PaginatedFilter(), new Projection('name', 'content'));

      expect(records[0]).toEqual(expect.objectContaining({ content: pngUri }));
    });
  });
});
