// A people directory for the search tests; the source does not search natively.
import { createInMemoryDataSource, type DataSource } from '@grove/datasource-toolkit';
import { restrict } from '../operators-emulate/query-test-layers';

export const aliceUuid = '6f1c0e5e-8d0c-4b9a-9c39-0c1f0f3b2a11';

export function createDirectory(options: { nativeSearch?: boolean } = {}): DataSource {
  const dataSource = createInMemoryDataSource({
    collections: {
      companies: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
        },
        records: [
          { id: 1, name: 'Acme' },
          { id: 2, name: 'Globex' },
        ],
      },
      people: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          uuid: { type: 'Column', columnType: 'Uuid' },
          name: { type: 'Column', columnType: 'String' },
          status: {
            type: 'Column',
            columnType: 'Enum',
            enumValues: ['active', 'inactive', 'banned'],
          },
          vip: { type: 'Column', columnType: 'Boolean' },
          balance: { type: 'Column', columnType: 'Number' },
          birthDate: { type: 'Column', columnType: 'Dateonly' },
          tags: { type: 'Column', columnType: ['String'] },
          companyId: { type: 'Column', columnType: 'Number' },
          company: {
            type: 'ManyToOne',
            foreignCollection: 'companies',
            foreignKey: 'companyId',
            foreignKeyTarget: 'id',
          },
        },
        records: [
          {
            id: 1,
            uuid: aliceUuid,
            name: 'Alice Martin',
            status: 'active',
            vip: true,
            balance: 42,
            birthDate: '1990-04-12',
            tags: ['admin', 'beta'],
            companyId: 1,
          },
          {
            id: 2,
            uuid: '0b3e2b9a-1c7d-4e5f-8a6b-2d4c6e8f0a12',
            name: 'Bob Stone',
            status: 'inactive',
            vip: false,
            balance: -42,
            birthDate: '1985-12-31',
            tags: ['beta'],
            companyId: 2,
          },
          {
            id: 3,
            uuid: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b13',
            name: 'Carol Acme',
            status: 'banned',
            vip: null,
            balance: 7,
            birthDate: null,
            tags: [],
            companyId: null,
          },
        ],
      },
    },
  });

  return options.nativeSearch
    ? dataSource
    : restrict(dataSource, {}, { notSearchable: ['people', 'companies'] });
}
