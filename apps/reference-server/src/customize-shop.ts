import type { Agent } from '@grove/agent';
import { flattenJsonColumn } from '@grove/plugin-flattener';

/**
 * The demo shop's customizations: one of each family, as a tour of Grove. Collections and their
 * relations come from the database (`orders.customer`, `customers.orders`, `order_items.product`
 * … are introspected from foreign keys); everything below is added in code.
 *
 * @example
 * ```ts
 * customizeShop(createAgent(options).addDataSource(createSqlDataSource(url)));
 * ```
 */
export function customizeShop(agent: Agent): Agent {
  return (
    agent
      .customizeCollection('customers', customers =>
        customers
          // Computed field: built in batch from the columns it depends on (one query per page).
          .addField('full_name', {
            columnType: 'String',
            dependencies: ['first_name', 'last_name'],
            getValues: rows =>
              rows.map(row => `${String(row.first_name)} ${String(row.last_name)}`),
          })
          // Plugin: the JSON `address` becomes four plain fields (address@@@city…) the UI can
          // filter, sort and edit; writes are merged back into the JSON.
          .use(flattenJsonColumn, {
            columnName: 'address',
            columnType: { street: 'String', city: 'String', zip: 'String', country: 'String' },
          })
          // Search replacement: an email finds its customer exactly; anything else searches names.
          .replaceSearch(search =>
            search.includes('@')
              ? { field: 'email', operator: 'Equal', value: search.trim().toLowerCase() }
              : {
                  aggregator: 'Or',
                  conditions: [
                    { field: 'first_name', operator: 'IContains', value: search },
                    { field: 'last_name', operator: 'IContains', value: search },
                  ],
                },
          )
          // Validation and a hook: an email must contain '@' (checked before anything runs), and
          // the hook stores it trimmed and lower-cased, so that the email search above finds it.
          .addFieldValidation('email', 'Contains', '@')
          .addHook('Before', 'Create', context => {
            for (const customer of context.data) {
              const { email } = customer;
              if (typeof email === 'string')
                Object.assign(customer, { email: email.trim().toLowerCase() });
              else context.throwValidationError('An email is required.');
            }
          })
          // Collection chart: shown on a customer's page, computed by the database.
          .addChart('lifetime_value', async (context, resultBuilder) => {
            const [row] = await context.dataSource.getCollection('orders').aggregate(
              {
                conditionTree: {
                  field: 'customer_id',
                  operator: 'Equal',
                  value: context.recordId,
                },
              },
              { operation: 'Sum', field: 'total' },
            );

            return resultBuilder.value(Number(row?.value ?? 0));
          }),
      )

      .customizeCollection('orders', orders =>
        orders
          // Imported field: the customer's email shown (and filterable) on each order.
          .importField('customer_email', { path: 'customer:email', readonly: true })
          // Relation added in code: orders ↔ products through order_items.
          .addManyToManyRelation('products', 'products', 'order_items', {
            originKey: 'order_id',
            foreignKey: 'product_id',
          })
          // Segment: a saved filter in the sidebar.
          .addSegment('To ship', {
            aggregator: 'And',
            conditions: [
              { field: 'status', operator: 'Equal', value: 'paid' },
              { field: 'shipped_at', operator: 'Blank' },
            ],
          })
          // Action with a dynamic form and a file result.
          .addAction('Print invoice', {
            scope: 'Single',
            generateFile: true,
            form: [
              {
                label: 'Language',
                type: 'Enum',
                enumValues: ['English', 'French'],
                isRequired: true,
              },
              { label: 'Add a note', type: 'Boolean', defaultValue: false },
              // Shown only once "Add a note" is checked.
              {
                label: 'Note',
                type: 'String',
                if: context => Boolean(context.formValues['Add a note']),
              },
            ],
            execute: async (context, resultBuilder) => {
              const order = await context.getRecord(['id', 'total', 'customer:email']);
              const french = context.formValues.Language === 'French';
              const lines = [
                `${french ? 'Facture' : 'Invoice'} #${String(order.id)}`,
                `${french ? 'Client' : 'Customer'}: ${String((order.customer as { email: string }).email)}`,
                `Total: ${String(order.total)}`,
                ...(context.formValues.Note ? [`${String(context.formValues.Note)}`] : []),
              ];

              return resultBuilder.file(
                `${lines.join('\n')}\n`,
                `invoice-${String(order.id)}.txt`,
                'text/plain',
              );
            },
          })
          // Action that changes the record: what a workflow chains (and a webhook triggers).
          .addAction('Mark as shipped', {
            scope: 'Single',
            execute: async (context, resultBuilder) => {
              const order = await context.getRecord(['status']);
              if (order.status !== 'paid') {
                return resultBuilder.error(
                  `Only paid orders ship (this one is ${String(order.status)})`,
                );
              }
              await context.collection.update(context.filter, {
                status: 'shipped',
                shipped_at: new Date().toISOString(),
              });

              return resultBuilder.success('Marked as shipped');
            },
          }),
      )

      // Validation: checked on every create and update, before the database sees the value.
      .customizeCollection('products', products =>
        products.addFieldValidation('price', 'GreaterThan', 0),
      )

      // Data-source chart: revenue of paid orders per month, grouped in the database.
      .addChart('monthly_revenue', async (context, resultBuilder) => {
        const rows = await context.dataSource.getCollection('orders').aggregate(
          {
            conditionTree: {
              field: 'status',
              operator: 'In',
              value: ['paid', 'shipped', 'delivered'],
            },
          },
          {
            operation: 'Sum',
            field: 'total',
            groups: [{ field: 'ordered_at', operation: 'Month' }],
          },
        );

        return resultBuilder.timeBased(
          'Month',
          rows.map(row => ({ date: String(row.group.ordered_at), value: Number(row.value) })),
        );
      })
  );
}
