import {
  Projection,
  ValidationError,
  columnsProjection,
  getPrimaryKeys,
  validateRecord,
} from '@grove/datasource-toolkit';
import type { CompositeId, RecordData } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { userOf } from '../../http/middlewares/authenticate';
import { deserializeRecord } from '../../serializer/deserialize-record';
import { serializeRecord } from '../../serializer/serialize-record';
import { linkOneToOne, manyToOneValue, primaryKeyRecord } from './link-to-one';

/**
 * `POST /{c}` (docs/agent-protocol.md#create): creates one record from a JSON:API body. ManyToOne
 * relationships set their foreign key before the insert; OneToOne relationships are linked after it
 * (edit right on the foreign collection). Answers 200 with the record and the linked relations
 * echoed.
 *
 * @example
 * ```ts
 * mountCreate(router, services);
 * ```
 */
export const mountCreate: RouteMounter = (router, services) => {
  router.post('/:collectionName', async (request, response) => {
    const collection = collectionOf(services.dataSource, request.params.collectionName);
    await services.authorization.assertCan(userOf(response), 'add', collection.name);
    const caller = callerOf(request, response);
    const { record, toOne } = deserializeRecord(collection, request.body);

    const data: RecordData = { ...record };
    const afterInsert: Array<[string, string | null]> = [];
    for (const [name, packedId] of Object.entries(toOne)) {
      const relation = collection.schema.fields[name];
      if (relation?.type === 'ManyToOne') {
        data[relation.foreignKey] = await manyToOneValue(
          services,
          caller,
          collection,
          relation,
          packedId,
        );
      } else if (relation?.type === 'OneToOne') {
        afterInsert.push([name, packedId]);
      }
    }
    if (Object.keys(data).length === 0) throw new ValidationError('The record data is empty');
    validateRecord(collection, data);

    const insert = async (): Promise<RecordData> => {
      const [record] = await collection.create(caller, [data]);
      if (!record) throw new ValidationError('The record was not created');
      const createdId = getPrimaryKeys(collection.schema).map(pk => record[pk]) as CompositeId;
      for (const [name, packedId] of afterInsert) {
        const relation = collection.schema.fields[name];
        if (relation?.type === 'OneToOne') {
          await linkOneToOne(services, caller, {
            collection,
            relation,
            parentId: createdId,
            packedTargetId: packedId,
          });
        }
      }

      return record;
    };
    // The record and its OneToOne links are written together: a failing link undoes the create.
    const created = await services.activityLogs.write(
      userOf(response),
      { action: 'create', collectionName: collection.name, label: 'created' },
      () => (afterInsert.length ? services.dataSource.transaction(insert) : insert()),
    );

    // Echo the linked to-one relations with their primary keys only.
    const echoed: RecordData = { ...created };
    const paths = [...columnsProjection(collection)];
    for (const [name, packedId] of Object.entries(toOne)) {
      const relation = collection.schema.fields[name];
      if (relation?.type !== 'ManyToOne' && relation?.type !== 'OneToOne') continue;
      const foreign = collection.dataSource.getCollection(relation.foreignCollection);
      echoed[name] = packedId === null ? null : primaryKeyRecord(foreign, packedId);
      paths.push(...getPrimaryKeys(foreign.schema).map(pk => `${name}:${pk}`));
    }

    response.json(serializeRecord(collection, echoed, new Projection(...paths)));
  });
};
