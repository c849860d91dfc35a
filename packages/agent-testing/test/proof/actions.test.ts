import { useProofAgent } from './support/use-proof-agent';

describe('actions with a form', () => {
  const proof = useProofAgent();
  const discount = (recordId: number) =>
    proof().client.collection('orders').action('Apply discount', { recordId });

  it('loads the dynamic form: fields hidden by `if` are absent', async () => {
    const action = await discount(1);

    expect(action.getFields().map(f => f.field)).toEqual(['Kind', 'Approver']);
    expect(action.getField('Kind').isRequired()).toBe(true);
    expect(action.getField('Kind').getPlainField()).toMatchObject({
      type: 'Enum',
      enums: ['percent', 'fixed'],
    });
  });

  it('runs the change hook: choosing a kind shows its field', async () => {
    const action = await discount(1);
    await action.setFields({ Kind: 'fixed' });

    expect(action.getFields().map(f => f.field)).toEqual(['Kind', 'Amount', 'Approver']);
    expect(action.getField('Kind').getValue()).toBe('fixed');
  });

  it('runs a dynamic search on a dropdown', async () => {
    const action = await discount(1);
    const choices = await action.search('Approver', 'Customer 1');

    expect(choices.map(choice => choice.label)).toEqual([
      'Customer 10',
      'Customer 11',
      'Customer 12',
      'Customer 13',
      'Customer 14',
      'Customer 15',
    ]);
  });

  it('executes with a success result and does its work', async () => {
    const action = await discount(4);
    await action.setFields({ Kind: 'percent' });
    await action.getField('Percent').fill(10);
    const result = await action.execute();

    expect(result).toMatchObject({ type: 'Success', message: 'Discount applied' });
    expect(await proof().client.collection('orders').getOne(4)).toMatchObject({ discount: 10 });
  });

  it('executes with an error result', async () => {
    const action = await discount(5);
    await action.setFields({ Kind: 'fixed', Amount: 80 });

    expect(await action.execute()).toMatchObject({ type: 'Error', message: 'Discount too large' });
    expect(await proof().client.collection('orders').getOne(5)).toMatchObject({ discount: 0 });
  });

  it('executes with a file result', async () => {
    const action = await proof()
      .client.collection('orders')
      .action('Print invoice', { recordId: 7 });
    const result = await action.execute();

    expect(result).toMatchObject({ type: 'File', name: 'invoice-7.txt', mimeType: 'text/plain' });
    expect(result.type === 'File' ? result.buffer.toString('utf8') : undefined).toBe(
      'Invoice for order 7',
    );
  });
});
