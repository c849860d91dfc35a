import type { ActionFormElement } from '@grove/datasource-toolkit';
import { parseExecuteValues } from '../../src/forms/parse-execute-values';
import { buildDataSource, caller } from '../schema/schema-fixture';
import { evaluate, withAction } from './form-fixture';

const form: ActionFormElement[] = [
  { type: 'String', label: 'Reason', id: 'Reason', watchChanges: false },
  {
    type: 'Layout',
    component: 'Page',
    elements: [
      {
        type: 'Layout',
        component: 'Row',
        fields: [
          {
            type: 'Collection',
            label: 'Author',
            id: 'Author',
            collectionName: 'authors',
            watchChanges: false,
          },
        ],
      },
    ],
  },
];

describe('parseExecuteValues', () => {
  it('unpacks the values of Collection fields, wherever they are in the form', async () => {
    const dataSource = await buildDataSource();

    expect(parseExecuteValues({ Reason: 'typo', Author: '2' }, form, dataSource)).toEqual({
      Reason: 'typo',
      Author: [2],
    });
  });

  it('drops the value of the loading placeholder', async () => {
    const dataSource = await buildDataSource();

    expect(
      parseExecuteValues({ 'Loading...': 'Form is loading', Reason: 'x' }, form, dataSource),
    ).toEqual({
      Reason: 'x',
    });
  });

  it('keeps a value whose field really is named like the placeholder', async () => {
    const dataSource = await buildDataSource();
    const loading: ActionFormElement[] = [
      { type: 'String', label: 'Loading...', id: 'Loading...', watchChanges: false },
    ];

    expect(parseExecuteValues({ 'Loading...': 'yes' }, loading, dataSource)).toEqual({
      'Loading...': 'yes',
    });
  });

  it('passes the values of fields the form does not know', async () => {
    const dataSource = await buildDataSource();

    expect(parseExecuteValues({ Other: '2' }, form, dataSource)).toEqual({ Other: '2' });
  });

  it('reads absent values as none', async () => {
    const dataSource = await buildDataSource();

    expect(parseExecuteValues(null, form, dataSource)).toEqual({});
  });

  it('refuses values that are not an object', async () => {
    const dataSource = await buildDataSource();

    expect(() => parseExecuteValues(['typo'], form, dataSource)).toThrow(
      'Expected "values" to be an object keyed by field id.',
    );
  });

  it('gives execute the composite id of a record picker and the parsed file', async () => {
    let received: Record<string, unknown> = {};
    const dataSource = await withAction(
      [
        { type: 'Collection', label: 'Pair', collectionName: 'bookTags' },
        { type: 'File', label: 'Doc' },
      ],
      context => {
        received = { ...context.formValues };
      },
    );
    const raw = { Pair: '1|7', Doc: 'data:text/plain;base64,aGk=' };
    const evaluated = await evaluate(dataSource, raw, { includeHiddenFields: true });
    const values = parseExecuteValues(raw, evaluated, dataSource);
    await dataSource.getCollection('books').execute(caller, 'Go', values);

    expect(received).toEqual({
      Pair: [1, 7],
      Doc: { mimeType: 'text/plain', buffer: Buffer.from('hi') },
    });
  });
});
