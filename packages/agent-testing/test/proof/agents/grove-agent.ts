import { createAgent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import type {
  AgentUnderTest,
  AgentUnderTestOptions,
  RunningAgent,
} from '../support/agent-under-test';

type GroveAgent = ReturnType<typeof createAgent>;

/** The customizations of `AgentUnderTest`, written with Grove's customizer. */
function customize(agent: GroveAgent): void {
  agent.customizeCollection('customers', customers => {
    customers.addSegment('Parisians', { field: 'city', operator: 'Equal', value: 'Paris' });
    customers.addChart('orderCount', async (context, resultBuilder) => {
      const [id] = context.compositeRecordId;
      const rows = await context.dataSource
        .getCollection('orders')
        .aggregate(
          { conditionTree: { field: 'customer_id', operator: 'Equal', value: id } },
          { operation: 'Count' },
        );

      return resultBuilder.value(Number(rows[0]?.value ?? 0));
    });
  });

  agent.customizeCollection('orders', orders => {
    orders.addAction('Apply discount', {
      scope: 'Single',
      form: [
        { label: 'Kind', type: 'Enum', enumValues: ['percent', 'fixed'], isRequired: true },
        { label: 'Percent', type: 'Number', if: context => context.formValues.Kind === 'percent' },
        { label: 'Amount', type: 'Number', if: context => context.formValues.Kind === 'fixed' },
        {
          label: 'Approver',
          type: 'String',
          widget: 'Dropdown',
          search: 'dynamic',
          options: async (context, searchValue) => {
            const customers = await context.dataSource.getCollection('customers').list(
              {
                conditionTree: { field: 'name', operator: 'IContains', value: searchValue ?? '' },
              },
              ['name'],
            );

            return customers.map(customer => String(customer.name));
          },
        },
      ],
      execute: async (context, resultBuilder) => {
        const { Kind, Percent, Amount } = context.formValues as {
          Kind: string;
          Percent?: number;
          Amount?: number;
        };
        const discount = Kind === 'percent' ? (Percent ?? 0) : (Amount ?? 0);
        if (discount > 50) return resultBuilder.error('Discount too large');
        await context.collection.update(context.filter, { discount });

        return resultBuilder.success('Discount applied');
      },
    });
    orders.addAction('Print invoice', {
      scope: 'Single',
      generateFile: true,
      execute: async (context, resultBuilder) => {
        const id = await context.getRecordId();

        return resultBuilder.file(`Invoice for order ${id}`, `invoice-${id}.txt`, 'text/plain');
      },
    });
  });

  agent.addChart('totalOrders', async (context, resultBuilder) => {
    const rows = await context.dataSource
      .getCollection('orders')
      .aggregate({}, { operation: 'Count' });

    return resultBuilder.value(Number(rows[0]?.value ?? 0));
  });
  agent.addChart('ordersByStatus', async (context, resultBuilder) => {
    const rows = await context.dataSource
      .getCollection('orders')
      .aggregate({}, { operation: 'Count', groups: [{ field: 'status' }] });

    return resultBuilder.distribution(
      Object.fromEntries(rows.map(row => [String(row.group.status), Number(row.value)])),
    );
  });
}

/**
 * The customizations the ported suite (`test/ported/`) adds: an action whose two-page form uses
 * every field helper of the vendor's client, and charts of the six kinds on the data source and
 * on `customers`. Static values, so that both agents answer the same.
 */
function customizeForPorting(agent: GroveAgent): void {
  agent.customizeCollection('customers', customers => {
    customers.addAction('Register', {
      scope: 'Single',
      form: [
        {
          type: 'Layout',
          component: 'Page',
          nextButtonLabel: 'Next',
          previousButtonLabel: 'Back',
          elements: [
            { type: 'Layout', component: 'HtmlBlock', content: '<h1>Profile</h1>' },
            {
              type: 'Layout',
              component: 'Row',
              fields: [
                { label: 'Age', type: 'Number', isRequired: true },
                { label: 'Nickname', type: 'String' },
              ],
            },
            { type: 'Layout', component: 'Separator' },
            { label: 'Preferences', type: 'Json' },
            { label: 'Lucky numbers', type: 'NumberList' },
            { label: 'Aliases', type: 'StringList' },
            { label: 'Birthday', type: 'Date' },
          ],
        },
        {
          type: 'Layout',
          component: 'Page',
          nextButtonLabel: 'Send',
          previousButtonLabel: 'Back',
          elements: [
            { label: 'Newsletter', type: 'Boolean', widget: 'Checkbox' },
            {
              label: 'Channels',
              type: 'StringList',
              widget: 'CheckboxGroup',
              options: [
                { label: 'By mail', value: 'mail' },
                { label: 'By SMS', value: 'sms' },
              ],
            },
            {
              label: 'Carrier',
              type: 'String',
              widget: 'Dropdown',
              options: [
                { label: 'La Poste', value: 'laposte' },
                { label: 'UPS', value: 'ups' },
              ],
            },
            {
              label: 'Speed',
              type: 'String',
              widget: 'RadioGroup',
              options: [
                { label: 'Fast', value: 'fast' },
                { label: 'Slow', value: 'slow' },
              ],
            },
            { label: 'Size', type: 'Enum', enumValues: ['S', 'M', 'L'] },
            {
              label: 'Favourite color',
              type: 'String',
              widget: 'ColorPicker',
              enableOpacity: true,
              quickPalette: ['#ff0000', '#00ff00'],
            },
          ],
        },
      ],
      execute: (context, resultBuilder) =>
        resultBuilder.success('Registered', { html: JSON.stringify(context.formValues) }),
    });
    customers.addChart('ordersByStatus', (_context, resultBuilder) =>
      resultBuilder.distribution({ paid: 1, pending: 1 }),
    );
    customers.addChart('paidShare', (_context, resultBuilder) => resultBuilder.percentage(50));
    customers.addChart('orderObjective', (_context, resultBuilder) =>
      resultBuilder.objective(2, 5),
    );
    customers.addChart('topProducts', (_context, resultBuilder) =>
      resultBuilder.leaderboard({ Chair: 3, Lamp: 1 }),
    );
    customers.addChart('ordersPerMonth', (_context, resultBuilder) =>
      resultBuilder.timeBased('Month', [
        { date: new Date('2024-01-15T12:00:00Z'), value: 2 },
        { date: new Date('2024-02-15T12:00:00Z'), value: 1 },
      ]),
    );
  });

  agent.addChart('paidShare', (_context, resultBuilder) => resultBuilder.percentage(50));
  agent.addChart('ordersObjective', (_context, resultBuilder) => resultBuilder.objective(30, 100));
  agent.addChart('topCities', (_context, resultBuilder) =>
    resultBuilder.leaderboard({ Paris: 10, Lyon: 6, Nantes: 3 }),
  );
  agent.addChart('ordersPerMonth', (_context, resultBuilder) =>
    resultBuilder.timeBased('Month', [
      { date: new Date('2024-01-15T12:00:00Z'), value: 30 },
      { date: new Date('2024-03-15T12:00:00Z'), value: 5 },
    ]),
  );
}

/**
 * Grove's agent (`@grove/agent` + `@grove/datasource-sql`) on the fixture database, started on a
 * random port against the sandbox — the same customizations as the vendor's agent.
 */
export const groveAgent: AgentUnderTest = {
  name: 'Grove agent (@grove/agent)',
  async start(options: AgentUnderTestOptions): Promise<RunningAgent> {
    const agent = createAgent({
      authSecret: options.authSecret,
      envSecret: options.envSecret,
      serverUrl: options.serverUrl,
      schemaPath: options.schemaPath,
      isProduction: false,
      loggerLevel: 'Error',
    }).addDataSource(
      createSqlDataSource(`sqlite:${options.databasePath}`, { liveQueryConnections: 'main' }),
    );
    customize(agent);
    customizeForPorting(agent);
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();

    return { url: `http://127.0.0.1:${agent.port}`, stop: () => agent.stop() };
  },
};
