// Ported from the vendor's `@forestadmin/agent-testing` (see records.test.ts): actions with
// their forms and layouts, dashboard and collection charts, with the vendor's method names only.
import { useProofAgent } from '../proof/support/use-proof-agent';

describe('ported: actions and forms', () => {
  const proof = useProofAgent();
  const client = () => proof().client;

  it('discounts an order', async () => {
    const action = await client().collection('orders').action('Apply discount', { recordId: 4 });

    // An Enum field without a default value comes with `value: null`.
    expect(action.getEnumField('Kind').getValue()).toBeNull();
    expect(action.getEnumField('Kind').getOptions()).toEqual(['percent', 'fixed']);
    expect(action.doesFieldExist('Percent')).toBe(false);

    await action.getEnumField('Kind').select('percent'); // runs the change hook
    expect(action.doesFieldExist('Percent')).toBe(true);
    await action.getFieldNumber('Percent').fill(10);

    expect(await action.execute()).toMatchObject({ success: 'Discount applied' });
    const [order] = await client()
      .collection('orders')
      .list<{ discount: number }>({
        filters: { field: 'id', operator: 'Equal', value: 4 },
        fields: ['id', 'discount'],
      });
    expect(order?.discount).toBe(10);
  });

  it('sets fields by name, and tells unknown names', async () => {
    const action = await client().collection('orders').action('Apply discount', { recordId: 5 });

    await action.setFields({ Kind: 'fixed' });
    expect(await action.tryToSetFields({ Amount: 3, Percent: 7 })).toEqual(['Percent']);
    expect(action.getField('Amount').getValue()).toBe(3);
    await expect(action.setFields({ Percent: 7 })).rejects.toThrow(
      'Field "Percent" does not exist in this form',
    );
    await expect(action.getEnumField('Kind').select('half')).rejects.toThrow(
      'Option "half" not found in field "Kind"',
    );
  });

  it('fills every kind of field of a multi-page form', async () => {
    const action = await client().collection('customers').action('Register', { recordId: 1 });

    await action.getFieldNumber('Age').fill('42');
    await action.getFieldString('Nickname').fill('Bob');
    await action.getFieldJson('Preferences').fill({ theme: 'dark' });
    await action.getFieldNumberList('Lucky numbers').add(7);
    await action.getFieldNumberList('Lucky numbers').add(9);
    await action.getFieldNumberList('Lucky numbers').remove(7);
    await action.getFieldStringList('Aliases').add('B');
    await action.getDateField('Birthday').fill(new Date('2000-02-29T00:00:00.000Z'));
    await action.getCheckboxField('Newsletter').check();
    await action.getCheckboxGroupField('Channels').check('By mail');
    await action.getCheckboxGroupField('Channels').check('By SMS');
    await action.getCheckboxGroupField('Channels').uncheck('By SMS');
    await action.getDropdownField('Carrier').select('UPS');
    await action.getRadioGroupField('Speed').check('Slow');
    await action.getEnumField('Size').select('M');
    await action.getColorPickerField('Favourite color').fill('#00ff00');

    const result = await action.execute();

    expect(result).toMatchObject({ success: 'Registered' });
    expect(JSON.parse(String((result as { html?: string }).html))).toMatchObject({
      Age: 42,
      Nickname: 'Bob',
      Preferences: { theme: 'dark' },
      'Lucky numbers': [9],
      Aliases: ['B'],
      Newsletter: true,
      Channels: ['mail'],
      Carrier: 'ups',
      Speed: 'slow',
      Size: 'M',
      'Favourite color': '#00ff00',
    });
  });

  it('reads the fields through their helpers', async () => {
    const action = await client().collection('customers').action('Register', { recordId: 1 });

    expect(action.getFieldNumber('Age').getName()).toBe('Age');
    expect(action.getFieldNumber('Age').getType()).toBe('Number');
    expect(action.getFieldStringList('Aliases').getTypeName()).toBe('StringList');
    expect(action.getFieldNumber('Age').isRequired()).toBe(true);
    expect(action.getFieldString('Nickname').getPlainField()).toMatchObject({
      field: 'Nickname',
      type: 'String',
    });
    expect(action.getDropdownField('Carrier').getOptions()).toEqual([
      { label: 'La Poste', value: 'laposte' },
      { label: 'UPS', value: 'ups' },
    ]);
    expect(await action.getRadioGroupField('Speed').getOptions()).toEqual([
      { label: 'Fast', value: 'fast' },
      { label: 'Slow', value: 'slow' },
    ]);
    expect(action.getCheckboxGroupField('Channels').getOptions()).toHaveLength(2);
    expect(action.getColorPickerField('Favourite color').isOpacityEnable()).toBe(true);
    expect(action.getColorPickerField('Favourite color').getQuickPalette()).toEqual([
      '#ff0000',
      '#00ff00',
    ]);
    expect(action.getFields().map(field => field.field)).toContain('Birthday');
  });

  it('walks the layout of a multi-page form', async () => {
    const action = await client().collection('customers').action('Register', { recordId: 1 });
    const first = action.getLayout().page(0);
    const second = action.getLayout().page(1);

    expect(first.nextButtonLabel).toBe('Next');
    expect(first.previousButtonLabel).toBe('Back');
    expect(second.nextButtonLabel).toBe('Send');
    expect(first.element(0).isHTMLBlock()).toBe(true);
    expect(first.element(0).getHtmlBlockContent()).toBe('<h1>Profile</h1>');
    expect(first.element(1).isRow()).toBe(true);
    expect(first.element(1).rowElement(0).getInputId()).toBe('Age');
    expect(first.element(1).rowElement(1).getInputId()).toBe('Nickname');
    expect(first.element(2).isSeparator()).toBe(true);
    expect(first.element(3).isInput()).toBe(true);
    expect(first.element(3).getInputId()).toBe('Preferences');
    expect(() => first.element(9)).toThrow('Element 9 not found');
    expect(() => first.element(0).getInputId()).toThrow(
      "This is not an input, it's a htmlBlock element",
    );
  });
});

describe('ported: charts', () => {
  const proof = useProofAgent();
  const client = () => proof().client;

  it('reads the six kinds of dashboard charts', async () => {
    expect(await client().valueChart('totalOrders')).toEqual({ countCurrent: 30 });
    expect(await client().distributionChart('ordersByStatus')).toEqual(
      expect.arrayContaining([
        { key: 'paid', value: 15 },
        { key: 'pending', value: 15 },
      ]),
    );
    expect(await client().percentageChart('paidShare')).toEqual(50);
    expect(await client().objectiveChart('ordersObjective')).toEqual({ value: 30, objective: 100 });
    expect(await client().leaderboardChart('topCities')).toEqual([
      { key: 'Paris', value: 10 },
      { key: 'Lyon', value: 6 },
      { key: 'Nantes', value: 3 },
    ]);
    expect(await client().timeBasedChart('ordersPerMonth')).toEqual([
      { label: 'Jan 24', values: { value: 30 } },
      { label: 'Feb 24', values: { value: 0 } },
      { label: 'Mar 24', values: { value: 5 } },
    ]);
  });

  it('reads the six kinds of collection charts for a record', async () => {
    const customers = client().collection('customers');

    expect(await customers.valueChart('orderCount', { recordId: 1 })).toEqual({ countCurrent: 2 });
    expect(await customers.distributionChart('ordersByStatus', { recordId: 1 })).toEqual([
      { key: 'paid', value: 1 },
      { key: 'pending', value: 1 },
    ]);
    expect(await customers.percentageChart('paidShare', { recordId: 1 })).toEqual(50);
    expect(await customers.objectiveChart('orderObjective', { recordId: 1 })).toEqual({
      value: 2,
      objective: 5,
    });
    expect(await customers.leaderboardChart('topProducts', { recordId: 1 })).toEqual([
      { key: 'Chair', value: 3 },
      { key: 'Lamp', value: 1 },
    ]);
    expect(await customers.timeBasedChart('ordersPerMonth', { recordId: 1 })).toEqual([
      { label: 'Jan 24', values: { value: 2 } },
      { label: 'Feb 24', values: { value: 1 } },
    ]);
  });
});
