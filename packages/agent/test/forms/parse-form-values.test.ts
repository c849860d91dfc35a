import type { DataUri } from '@grove/datasource-toolkit';
import { parseFormValues } from '../../src/forms/parse-form-values';
import { parseSearchValues } from '../../src/forms/parse-search-values';
import { serializeForm } from '../../src/forms/serialize-form';
import { buildDataSource } from '../schema/schema-fixture';
import { evaluate, withAction } from './form-fixture';

const fileUri = 'data:text/plain;name=a%20b.txt;base64,aGk=';

describe('parseFormValues', () => {
  it('keys the values by field id and unpacks the ids of reference fields', async () => {
    const dataSource = await buildDataSource();

    expect(
      parseFormValues(
        [
          { field: 'Reason', type: 'String', value: 'typo' },
          { field: 'Author', type: 'Number', reference: 'authors.id', value: '2' },
          { field: 'Pair', type: 'Number', reference: 'bookTags.bookId', value: '1|7' },
          { field: 'Profile', type: 'Uuid', reference: 'profiles.id', value: 'a-b' },
          { field: 'Doc', type: 'File', value: fileUri },
        ],
        dataSource,
      ),
    ).toEqual({ Reason: 'typo', Author: [2], Pair: [1, 7], Profile: ['a-b'], Doc: fileUri });
  });

  it('reads an empty reference as null and keeps null values', async () => {
    const dataSource = await buildDataSource();

    expect(
      parseFormValues(
        [
          { field: 'Author', type: 'Number', reference: 'authors.id', value: '' },
          { field: 'Reason', type: 'String', value: null },
        ],
        dataSource,
      ),
    ).toEqual({ Author: null, Reason: null });
  });

  it('leaves out fields without value and the loading placeholder', async () => {
    const dataSource = await buildDataSource();

    expect(
      parseFormValues(
        [
          { field: 'Reason', type: 'String' },
          { field: 'Loading...', type: 'String', value: 'Form is loading' },
          { field: 'Count', type: 'Number', value: 0 },
        ],
        dataSource,
      ),
    ).toEqual({ Count: 0 });
  });

  it('refuses fields that are not a list', async () => {
    const dataSource = await buildDataSource();

    expect(() => parseFormValues({ Reason: 'typo' }, dataSource)).toThrow(
      'Expected "fields" to be the list of the form fields.',
    );
  });

  it('refuses an entry without field id', async () => {
    const dataSource = await buildDataSource();

    expect(() => parseFormValues([{ field: 'A' }, { value: 1 }], dataSource)).toThrow(
      'Invalid form field at index 1: expected an object with a string "field".',
    );
  });

  it('names the field of an invalid reference id', async () => {
    const dataSource = await buildDataSource();

    expect(() =>
      parseFormValues([{ field: 'Pair', reference: 'bookTags.bookId', value: '1' }], dataSource),
    ).toThrow(`Invalid value of field 'Pair': Expected 2 values in the id, found 1: "1"`);
  });
});

describe('parseSearchValues', () => {
  it('reads the searched texts by field id', () => {
    expect(
      parseSearchValues([
        { field: 'Country', type: 'String', searchValue: 'fr' },
        { field: 'City', type: 'String', value: 'Paris' },
        { field: 'Street', type: 'String', searchValue: null },
      ]),
    ).toEqual({ Country: 'fr', Street: null });
  });
});

describe('hook round trip', () => {
  it('gives the customizer back the values it serialized', async () => {
    const dataSource = await withAction([
      { type: 'Collection', label: 'Pair', collectionName: 'bookTags', defaultValue: [1, 7] },
      { type: 'Enum', label: 'Size', enumValues: ['S', 'M'], defaultValue: 'M' },
      { type: 'File', label: 'Doc', defaultValue: fileUri },
      { type: 'StringList', label: 'Tags', defaultValue: ['a', 'b'] },
      { type: 'Date', label: 'When', defaultValue: '2024-01-02T03:04:05.000Z' },
    ]);
    const loaded = serializeForm(await evaluate(dataSource), dataSource);
    const formValues = parseFormValues(loaded.fields, dataSource);
    const reloaded = serializeForm(await evaluate(dataSource, formValues), dataSource);

    expect([formValues, reloaded]).toEqual([
      { Pair: [1, 7], Size: 'M', Doc: fileUri, Tags: ['a', 'b'], When: '2024-01-02T03:04:05.000Z' },
      loaded,
    ]);
  });

  it('hands files to field handlers parsed', async () => {
    let file: DataUri | undefined;
    const dataSource = await withAction([
      { type: 'File', label: 'Doc' },
      {
        type: 'String',
        label: 'Name',
        value: context => {
          file = context.formValues.Doc as DataUri | undefined;

          return file?.name ?? '';
        },
      },
    ]);
    const formValues = parseFormValues(
      [{ field: 'Doc', type: 'File', value: fileUri }],
      dataSource,
    );
    await evaluate(dataSource, formValues);

    expect(file).toEqual({ mimeType: 'text/plain', buffer: Buffer.from('hi'), name: 'a b.txt' });
  });
});
