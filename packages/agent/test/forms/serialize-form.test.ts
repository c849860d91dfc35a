import { serializeForm } from '../../src/forms/serialize-form';
import { evaluate, withAction, type Form } from './form-fixture';

async function serialize(form: Form, formValues?: Record<string, unknown>, forSchema = false) {
  const dataSource = await withAction(form);

  return serializeForm(await evaluate(dataSource, formValues), dataSource, { forSchema });
}

const fileUri = 'data:text/plain;name=a%20b.txt;base64,aGk=';

describe('serializeForm (fields)', () => {
  it('writes a field with its keys in protocol order, omitting undefined ones', async () => {
    const { fields } = await serialize([
      {
        type: 'String',
        label: 'Reason',
        id: 'reason',
        description: 'Why?',
        isRequired: true,
        isReadOnly: false,
        defaultValue: 'typo',
      },
      { type: 'Number', label: 'Count' },
    ]);

    expect(fields).toEqual([
      {
        field: 'reason',
        label: 'Reason',
        description: 'Why?',
        isRequired: true,
        isReadOnly: false,
        value: 'typo',
        type: 'String',
      },
      { field: 'Count', label: 'Count', type: 'Number' },
    ]);
    expect(Object.keys(fields[0] ?? {})).toEqual([
      'field',
      'label',
      'description',
      'isRequired',
      'isReadOnly',
      'value',
      'type',
    ]);
  });

  it('writes the value as defaultValue for the static forms of the schema', async () => {
    const { fields } = await serialize(
      [{ type: 'String', label: 'Reason', defaultValue: 'typo' }],
      {},
      true,
    );

    expect(fields).toEqual([
      { field: 'Reason', label: 'Reason', defaultValue: 'typo', type: 'String' },
    ]);
  });

  it('marks the fields other fields depend on with the change hook', async () => {
    const { fields } = await serialize([
      { type: 'String', label: 'Country' },
      { type: 'String', label: 'City', isReadOnly: context => !context.formValues.Country },
    ]);

    expect(fields).toEqual([
      { field: 'Country', label: 'Country', hook: 'changeHook', type: 'String' },
      { field: 'City', label: 'City', isReadOnly: true, type: 'String' },
    ]);
  });

  it('writes list types as one-element lists', async () => {
    const { fields } = await serialize([
      { type: 'StringList', label: 'Tags', defaultValue: ['a'] },
      { type: 'NumberList', label: 'Counts' },
      { type: 'EnumList', label: 'Sizes', enumValues: ['S', 'M'] },
      { type: 'FileList', label: 'Files' },
    ]);

    expect(fields).toEqual([
      { field: 'Tags', label: 'Tags', value: ['a'], type: ['String'] },
      { field: 'Counts', label: 'Counts', type: ['Number'] },
      { field: 'Sizes', label: 'Sizes', type: ['Enum'], enums: ['S', 'M'] },
      { field: 'Files', label: 'Files', type: ['File'] },
    ]);
  });

  it('types a Collection field by the first primary key of its target, with a reference', async () => {
    const { fields } = await serialize(
      [
        { type: 'Collection', label: 'Author', collectionName: 'authors' },
        { type: 'Collection', label: 'Profile', collectionName: 'profiles' },
        { type: 'Collection', label: 'Pair', collectionName: 'bookTags' },
      ],
      { Author: [2], Pair: [1, 7] },
    );

    expect(fields).toEqual([
      { field: 'Author', label: 'Author', value: '2', type: 'Number', reference: 'authors.id' },
      { field: 'Profile', label: 'Profile', type: 'Uuid', reference: 'profiles.id' },
      { field: 'Pair', label: 'Pair', value: '1|7', type: 'Number', reference: 'bookTags.bookId' },
    ]);
  });

  it('serializes an Enum value outside its values as null and filters EnumList values', async () => {
    const { fields } = await serialize(
      [
        { type: 'Enum', label: 'Size', enumValues: ['S', 'M'] },
        { type: 'EnumList', label: 'Sizes', enumValues: ['S', 'M'] },
      ],
      { Size: 'XL', Sizes: ['M', 'XL', 'S'] },
    );

    expect(fields).toEqual([
      { field: 'Size', label: 'Size', value: null, type: 'Enum', enums: ['S', 'M'] },
      { field: 'Sizes', label: 'Sizes', value: ['M', 'S'], type: ['Enum'], enums: ['S', 'M'] },
    ]);
  });

  it('sends an Enum without a value as null (value, or defaultValue in the schema), as the vendor does', async () => {
    const form: Form = [
      { type: 'Enum', label: 'Size', enumValues: ['S', 'M'] },
      { type: 'EnumList', label: 'Sizes', enumValues: ['S', 'M'] },
      { type: 'String', label: 'Note' },
    ];
    const hookAnswer = await serialize(form);
    const schemaForm = await serialize(form, {}, true);

    expect(hookAnswer.fields).toEqual([
      { field: 'Size', label: 'Size', value: null, type: 'Enum', enums: ['S', 'M'] },
      { field: 'Sizes', label: 'Sizes', type: ['Enum'], enums: ['S', 'M'] },
      { field: 'Note', label: 'Note', type: 'String' },
    ]);
    expect(hookAnswer.fields[0]).toHaveProperty('value', null);
    expect(schemaForm.fields[0]).toEqual({
      field: 'Size',
      label: 'Size',
      defaultValue: null,
      type: 'Enum',
      enums: ['S', 'M'],
    });
  });

  it('writes files as data URIs and dates as ISO strings', async () => {
    const { fields } = await serialize([
      { type: 'File', label: 'Doc', value: fileUri },
      { type: 'FileList', label: 'Docs', value: [fileUri] },
      { type: 'Date', label: 'When', defaultValue: new Date('2024-01-02T03:04:05Z') },
    ]);

    expect(fields).toEqual([
      { field: 'Doc', label: 'Doc', value: fileUri, type: 'File' },
      { field: 'Docs', label: 'Docs', value: [fileUri], type: ['File'] },
      { field: 'When', label: 'When', value: '2024-01-02T03:04:05.000Z', type: 'Date' },
    ]);
  });

  it('adds the widgetEdit of a field with a widget', async () => {
    const { fields } = await serialize([
      { type: 'String', label: 'Bio', widget: 'TextArea', placeholder: 'About you', rows: 3 },
    ]);

    expect(fields).toEqual([
      {
        field: 'Bio',
        label: 'Bio',
        type: 'String',
        widgetEdit: { name: 'text area editor', parameters: { placeholder: 'About you', rows: 3 } },
      },
    ]);
  });
});

describe('serializeForm (layout)', () => {
  it('answers an empty layout for a form without layout elements', async () => {
    await expect(serialize([{ type: 'String', label: 'A' }])).resolves.toEqual({
      fields: [{ field: 'A', label: 'A', type: 'String' }],
      layout: [],
    });
  });

  it('places every field as an input among separators, HTML blocks and rows', async () => {
    await expect(
      serialize([
        { type: 'Layout', component: 'HtmlBlock', content: '<p>Who?</p>' },
        {
          type: 'Layout',
          component: 'Row',
          fields: [
            { type: 'String', label: 'First name' },
            { type: 'String', label: 'Last name' },
          ],
        },
        { type: 'Layout', component: 'Separator' },
        { type: 'Boolean', label: 'Notify' },
      ]),
    ).resolves.toEqual({
      fields: [
        { field: 'First name', label: 'First name', type: 'String' },
        { field: 'Last name', label: 'Last name', type: 'String' },
        { field: 'Notify', label: 'Notify', type: 'Boolean' },
      ],
      layout: [
        { component: 'htmlBlock', content: '<p>Who?</p>' },
        {
          component: 'row',
          fields: [
            { component: 'input', fieldId: 'First name' },
            { component: 'input', fieldId: 'Last name' },
          ],
        },
        { component: 'separator' },
        { component: 'input', fieldId: 'Notify' },
      ],
    });
  });

  it('writes pages with their button labels and nested rows', async () => {
    await expect(
      serialize([
        {
          type: 'Layout',
          component: 'Page',
          nextButtonLabel: 'Next',
          elements: [
            { type: 'Layout', component: 'HtmlBlock', content: '<p>Step 1</p>' },
            {
              type: 'Layout',
              component: 'Row',
              fields: [
                { type: 'String', label: 'First name' },
                { type: 'String', label: 'Last name' },
              ],
            },
          ],
        },
        {
          type: 'Layout',
          component: 'Page',
          previousButtonLabel: 'Back',
          elements: [
            { type: 'Number', label: 'Age' },
            { type: 'Layout', component: 'Separator' },
          ],
        },
      ]),
    ).resolves.toEqual({
      fields: [
        { field: 'First name', label: 'First name', type: 'String' },
        { field: 'Last name', label: 'Last name', type: 'String' },
        { field: 'Age', label: 'Age', type: 'Number' },
      ],
      layout: [
        {
          component: 'page',
          nextButtonLabel: 'Next',
          elements: [
            { component: 'htmlBlock', content: '<p>Step 1</p>' },
            {
              component: 'row',
              fields: [
                { component: 'input', fieldId: 'First name' },
                { component: 'input', fieldId: 'Last name' },
              ],
            },
          ],
        },
        {
          component: 'page',
          previousButtonLabel: 'Back',
          elements: [{ component: 'input', fieldId: 'Age' }, { component: 'separator' }],
        },
      ],
    });
  });

  it('answers only the searched field, without layout, for a search', async () => {
    const dataSource = await withAction([
      { type: 'Layout', component: 'Separator' },
      {
        type: 'String',
        label: 'Country',
        widget: 'Dropdown',
        search: 'dynamic',
        options: (_context, search) =>
          ['France', 'Finland'].filter(c => c.startsWith(search ?? '')),
      },
    ]);
    const form = await evaluate(
      dataSource,
      {},
      { searchField: 'Country', searchValues: { Country: 'Fr' } },
    );

    expect(serializeForm(form, dataSource)).toEqual({
      fields: [
        {
          field: 'Country',
          label: 'Country',
          type: 'String',
          widgetEdit: {
            name: 'dropdown',
            parameters: {
              static: { options: [{ label: 'France', value: 'France' }] },
              isSearchable: true,
              searchType: 'dynamic',
              placeholder: null,
            },
          },
        },
      ],
      layout: [],
    });
  });
});
