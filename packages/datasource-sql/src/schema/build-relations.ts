import type { RelationSchema } from '@grove/datasource-toolkit';
import type { IntrospectedTable } from '../introspection/introspection';
import { plural, singular } from './inflection';

interface Candidate {
  readonly kind: 'BelongsTo' | 'HasOne' | 'HasMany' | 'BelongsToMany';
  readonly simple: string;
  readonly unique: string;
  readonly junction?: string;
  readonly schema: RelationSchema;
}

function stripKeySuffix(column: string, fallback: string): string {
  const match = /^(.+?)(_id|Id)$/.exec(column);

  return match?.[1] ?? fallback;
}

/** The junction columns of a table: exactly two primary-key columns, each with one foreign key. */
function junctionColumns(table: IntrospectedTable) {
  const pks = table.columns.filter(c => c.primaryKey);

  return pks.length === 2 && pks.every(c => c.constraints.length === 1) ? pks : null;
}

function candidates(tables: readonly IntrospectedTable[]): Map<string, Candidate[]> {
  const byTable = new Map<string, Candidate[]>(tables.map(t => [t.name, []]));
  const add = (table: string, candidate: Candidate) => byTable.get(table)?.push(candidate);
  for (const table of tables) {
    const junction = junctionColumns(table);
    for (const column of table.columns) {
      for (const ref of column.constraints) {
        add(table.name, {
          kind: 'BelongsTo',
          simple: singular(stripKeySuffix(column.name, ref.table)),
          unique: `${singular(ref.table)}_through_${column.name}`,
          schema: {
            type: 'ManyToOne',
            foreignCollection: ref.table,
            foreignKey: column.name,
            foreignKeyTarget: ref.column,
          },
        });
        if (junction) continue;
        const isUnique = table.unique.some(list => list.length === 1 && list[0] === column.name);
        const schema = {
          foreignCollection: table.name,
          originKey: column.name,
          originKeyTarget: ref.column,
        };
        add(ref.table, {
          kind: isUnique ? 'HasOne' : 'HasMany',
          simple: isUnique ? singular(table.name) : plural(table.name),
          unique: `${isUnique ? singular(table.name) : plural(table.name)}_through_${ref.table}_${column.name}`,
          schema: { type: isUnique ? 'OneToOne' : 'OneToMany', ...schema },
        });
      }
    }
    if (!junction) continue;
    for (const [origin, other] of [
      [junction[0], junction[1]],
      [junction[1], junction[0]],
    ] as const) {
      const from = origin?.constraints[0];
      const to = other?.constraints[0];
      if (!origin || !other || !from || !to) continue;
      add(from.table, {
        kind: 'BelongsToMany',
        simple: plural(singular(stripKeySuffix(other.name, to.table))),
        unique: `${plural(to.table)}_through_${table.name}`,
        junction: table.name,
        schema: {
          type: 'ManyToMany',
          foreignCollection: to.table,
          throughCollection: table.name,
          originKey: origin.name,
          originKeyTarget: from.column,
          foreignKey: other.name,
          foreignKeyTarget: to.column,
        },
      });
    }
  }

  return byTable;
}

/**
 * Derives relations from foreign keys: ManyToOne on the referencing table, OneToMany (OneToOne
 * when the key is unique) on the referenced one, ManyToMany across junction tables, named by
 * the rules of the README (`author_id` → `author`; colliding names get `_through_` names).
 *
 * @example
 * ```ts
 * buildRelations(introspection.tables).get('posts'); // { author: { type: 'ManyToOne', … } }
 * ```
 */
export function buildRelations(
  tables: readonly IntrospectedTable[],
): Map<string, Record<string, RelationSchema>> {
  const result = new Map<string, Record<string, RelationSchema>>();
  for (const [tableName, list] of candidates(tables)) {
    const table = tables.find(t => t.name === tableName);
    const columns = new Set(table?.columns.map(c => c.name));
    const junctions = new Set(list.flatMap(c => (c.junction ? [c.junction] : [])));
    const relations: Record<string, RelationSchema> = {};
    for (const candidate of list) {
      const clash =
        columns.has(candidate.simple) ||
        candidate.simple === tableName ||
        junctions.has(candidate.simple) ||
        list.filter(other => other.simple === candidate.simple).length > 1;
      relations[clash ? candidate.unique : candidate.simple] = candidate.schema;
    }
    result.set(tableName, relations);
  }

  return result;
}
