import { createAgent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';

// Secrets come from the platform (Project settings → Environments); GROVE_SERVER_URL says where
// the platform is.
const agent = createAgent({
  authSecret: process.env.GROVE_AUTH_SECRET as string,
  envSecret: process.env.GROVE_ENV_SECRET as string,
  isProduction: process.env.NODE_ENV === 'production',
})
  // Every table becomes a collection, every foreign key a relation.
  .addDataSource(createSqlDataSource(process.env.DATABASE_URL ?? 'sqlite:./shop.sqlite'))

  // A computed field: computed in batch for the page, from the columns it depends on.
  .customizeCollection('customers', customers =>
    customers.addField('displayName', {
      columnType: 'String',
      dependencies: ['name', 'city'],
      getValues: records => records.map(c => `${String(c.name)} (${String(c.city ?? '?')})`),
    }),
  )

  // An action with a form: the frontend renders the form, the agent runs `execute`.
  .customizeCollection('orders', orders =>
    orders.addAction('Refund', {
      scope: 'Single',
      form: [
        {
          label: 'Reason',
          type: 'Enum',
          enumValues: ['damaged', 'late', 'other'],
          isRequired: true,
        },
        { label: 'Comment', type: 'String', if: context => context.formValues.Reason === 'other' },
      ],
      execute: async (context, resultBuilder) => {
        const order = await context.getRecord(['id', 'status']);
        if (order.status === 'refunded') return resultBuilder.error('Already refunded');
        await context.collection.update(context.filter, { status: 'refunded' });

        return resultBuilder.success(
          `Order ${String(order.id)} refunded (${context.formValues.Reason})`,
        );
      },
    }),
  )

  // A chart of the whole data source, computed in the database.
  .addChart('paidRevenue', async (context, resultBuilder) => {
    const [row] = await context.dataSource
      .getCollection('orders')
      .aggregate(
        { conditionTree: { field: 'status', operator: 'Equal', value: 'paid' } },
        { operation: 'Sum', field: 'amount' },
      );

    return resultBuilder.value(Number(row?.value ?? 0));
  });

agent.mountOnStandaloneServer(Number(process.env.PORT ?? 3351));
agent.start().catch(error => {
  console.error(error);
  process.exit(1);
});

export { agent };
