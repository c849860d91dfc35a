import type { Collection } from '../../src/interfaces/collection';
import type { ColumnSchema, ColumnType } from '../../src/interfaces/schema';
import { allowedOperatorsFor } from '../../src/validation/allowed-operators';
import { makeCollection, makeDataSource } from '../helpers/collection-stub';

/** A column filterable with every operator its type allows. */
export function column(columnType: ColumnType, extra: Partial<ColumnSchema> = {}): ColumnSchema {
  return {
    type: 'Column',
    columnType,
    filterOperators: new Set(allowedOperatorsFor(columnType)),
    ...extra,
  };
}

/**
 * products (one column per type) → owner (ManyToOne owners) → company (ManyToOne companies);
 * owners → products (OneToMany); owners → passport (OneToOne passports).
 */
export function makeStore(): { products: Collection; owners: Collection; companies: Collection } {
  const dataSource = makeDataSource();
  const products = makeCollection(
    'products',
    {
      id: column('Number', { isPrimaryKey: true }),
      name: column('String'),
      price: column('Number'),
      status: column('Enum', { enumValues: ['draft', 'live'] }),
      createdAt: column('Date'),
      releaseDay: column('Dateonly'),
      opensAt: column('Time'),
      closesAt: column('Timeonly'),
      ref: column('Uuid'),
      active: column('Boolean'),
      picture: column('Binary'),
      manual: column('File'),
      meta: column('Json'),
      location: column('Point'),
      tags: column(['String']),
      size: column({ width: 'Number', unit: { type: 'Enum', enumValues: ['cm'] } }),
      hidden: column('String', { filterOperators: undefined }),
      limited: column('String', { filterOperators: new Set(['Equal', 'In']) }),
      owner: {
        type: 'ManyToOne',
        foreignCollection: 'owners',
        foreignKey: 'ownerId',
        foreignKeyTarget: 'id',
      },
    },
    dataSource,
  );
  const owners = makeCollection(
    'owners',
    {
      id: column('Number', { isPrimaryKey: true }),
      name: column('String'),
      company: {
        type: 'ManyToOne',
        foreignCollection: 'companies',
        foreignKey: 'companyId',
        foreignKeyTarget: 'id',
      },
      passport: {
        type: 'OneToOne',
        foreignCollection: 'passports',
        originKey: 'ownerId',
        originKeyTarget: 'id',
      },
      products: {
        type: 'OneToMany',
        foreignCollection: 'products',
        originKey: 'ownerId',
        originKeyTarget: 'id',
      },
    },
    dataSource,
  );
  const companies = makeCollection(
    'companies',
    { id: column('Number', { isPrimaryKey: true }), name: column('String') },
    dataSource,
  );
  makeCollection(
    'passports',
    { id: column('Number', { isPrimaryKey: true }), number: column('String') },
    dataSource,
  );

  return { products, owners, companies };
}
