import { createAgent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import type {
  AgentUnderTest,
  AgentUnderTestOptions,
  RunningAgent,
} from '../support/agent-under-test';
import {
  portingCustomerCharts,
  portingDataSourceCharts,
  portingRegisterForm,
  renderPortingChart,
} from '../support/porting-customizations';

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

/** The customizations the ported suite adds (support/porting-customizations.ts). */
function customizeForPorting(agent: GroveAgent): void {
  agent.customizeCollection('customers', customers => {
    customers.addAction('Register', {
      scope: 'Single',
      form: portingRegisterForm(),
      execute: (context, resultBuilder) =>
        resultBuilder.success('Registered', { html: JSON.stringify(context.formValues) }),
    });
    for (const [name, chart] of Object.entries(portingCustomerCharts)) {
      customers.addChart(name, (_context, resultBuilder) =>
        renderPortingChart(resultBuilder, chart),
      );
    }
  });
  for (const [name, chart] of Object.entries(portingDataSourceCharts)) {
    agent.addChart(name, (_context, resultBuilder) => renderPortingChart(resultBuilder, chart));
  }
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
