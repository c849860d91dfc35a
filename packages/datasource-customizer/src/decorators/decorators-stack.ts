import type { DataSource } from '@grove/datasource-toolkit';
import { ActionCollectionDecorator } from './action/action-collection-decorator';
import { BinaryCollectionDecorator } from './binary/binary-collection-decorator';
import { ChartDataSourceDecorator } from './chart/chart-data-source-decorator';
import { CompositeDataSource } from './composite/composite-data-source';
import { ComputedCollectionDecorator } from './computed/computed-collection-decorator';
import { DataSourceDecorator } from './data-source-decorator';
import { EmptyCollectionDecorator } from './empty/empty-collection-decorator';
import { HookCollectionDecorator } from './hook/hook-collection-decorator';
import { LazyJoinCollectionDecorator } from './lazy-join/lazy-join-collection-decorator';
import { OperatorsEmulateCollectionDecorator } from './operators-emulate/operators-emulate-collection-decorator';
import { OperatorsEquivalenceCollectionDecorator } from './operators-equivalence/operators-equivalence-collection-decorator';
import { OverrideCollectionDecorator } from './override/override-collection-decorator';
import { PublicationDataSourceDecorator } from './publication/publication-data-source-decorator';
import { RelationCollectionDecorator } from './relation/relation-collection-decorator';
import { RenameFieldCollectionDecorator } from './rename-field/rename-field-collection-decorator';
import { SchemaCollectionDecorator } from './schema/schema-collection-decorator';
import { SearchCollectionDecorator } from './search/search-collection-decorator';
import { SegmentCollectionDecorator } from './segment/segment-collection-decorator';
import { SortEmulateCollectionDecorator } from './sort-emulate/sort-emulate-collection-decorator';
import { ValidationCollectionDecorator } from './validation/validation-collection-decorator';
import { WriteDataSourceDecorator } from './write/write-data-source-decorator';

/**
 * The map of the customizer: the fixed pile of layers between the data sources and the API,
 * from the bottom (closest to the data) to the top (what the agent exposes). Each customizer
 * method registers its customization on one of these layers; the order below is what gives every
 * customization its semantics, so each constraint is written next to the layer it concerns.
 *
 * Below the stack, per added data source: raw data source → include/exclude (publication) →
 * collection renaming → this composite. Everything in the stack thus sees final collection names
 * and never sees excluded collections.
 *
 * @example
 * ```ts
 * const stack = new DecoratorsStack();
 * stack.composite.addDataSource(dataSource);
 * stack.lateComputed.getCollection('books').registerComputed('label', definition);
 * const exported = stack.dataSource;
 * ```
 */
export class DecoratorsStack {
  /** Merges the added data sources (collection, chart and connection names must be unique). */
  readonly composite = new CompositeDataSource();

  // Override at the very bottom: it replaces only the raw write. Every layer above (relation
  // writes, write replacement, hooks, validation, binary decoding, renames) still runs, so the
  // handler receives data already converted (Buffers, original names, rewritten fields). Its
  // context talks to the composite directly: no emulation, no computed field.
  readonly override: DataSourceDecorator<OverrideCollectionDecorator>;

  // Empty right above Override: the layers above produce trivially empty filters (`In []` from
  // emulations and relations, `Or []` from segments and searches); they are answered here,
  // before reaching the data source or an override handler.
  readonly empty: DataSourceDecorator<EmptyCollectionDecorator>;

  // Equivalence #1 right above the data: every layer above sees all the operators derivable from
  // the native ones (e.g. `Blank` from `In`), so emulations and replacements may use them.
  readonly earlyEquivalence: DataSourceDecorator<OperatorsEquivalenceCollectionDecorator>;

  // Computed (early) below the relation layer: some relations use computed fields as keys.
  // `addField` lands here when all its dependencies already exist at this level.
  readonly earlyComputed: DataSourceDecorator<ComputedCollectionDecorator>;

  // Emulate (early) right after: relation keys need `In`, which early computed fields only get
  // through emulation; fields that exist here get their emulated/replaced operators here.
  readonly earlyOpEmulate: DataSourceDecorator<OperatorsEmulateCollectionDecorator>;

  // Equivalence #2 after each emulation layer: emulating one operator also yields its
  // derivatives (emulated `In` gives `Equal`, `Blank`…) for the relation layer above.
  readonly earlyOpEquivalence: DataSourceDecorator<OperatorsEquivalenceCollectionDecorator>;

  // Relations above the early computed/emulated fields (they may be keys), below the late
  // computed layer (computed fields may depend on relations, native or emulated).
  readonly relation: DataSourceDecorator<RelationCollectionDecorator>;

  // Lazy join above every relation: `author:id` reads the foreign key instead of joining, for
  // native and emulated ManyToOne relations alike.
  readonly lazyJoin: DataSourceDecorator<LazyJoinCollectionDecorator>;

  // Computed (late): fields depending on relations or on fields added above the early layer.
  readonly lateComputed: DataSourceDecorator<ComputedCollectionDecorator>;

  // Emulate (late): operators on late computed fields and `emulateFieldFiltering`; replacements
  // may use relation paths and emulated operators of lower layers.
  readonly lateOpEmulate: DataSourceDecorator<OperatorsEmulateCollectionDecorator>;

  // Equivalence #3: derivatives of the late emulated operators, for search, segments and the API.
  readonly lateOpEquivalence: DataSourceDecorator<OperatorsEquivalenceCollectionDecorator>;

  // Search after every field exists with all its operators: the default search covers computed
  // fields and relation paths; a replacer may use emulated operators.
  readonly search: DataSourceDecorator<SearchCollectionDecorator>;

  // Segments after all fields and search: a segment may reference computed fields and relation
  // paths with emulated operators.
  readonly segment: DataSourceDecorator<SegmentCollectionDecorator>;

  // Sort emulation after every field exists: sorts may target computed fields and relation paths
  // (resolved by the related collection's sort layer).
  readonly sortEmulate: DataSourceDecorator<SortEmulateCollectionDecorator>;

  // Charts above emulation: their handlers query a collection that has every field and
  // capability. Also holds data-source-level charts.
  readonly chart: ChartDataSourceDecorator;

  // Actions above charts and below write/hook/validation/binary: writes issued by action handlers
  // do not go through write replacement, relation writes, user hooks, validation or binary
  // conversion.
  readonly action: DataSourceDecorator<ActionCollectionDecorator>;

  // Schema flags (disableCount) above the capabilities they describe.
  readonly schema: DataSourceDecorator<SchemaCollectionDecorator>;

  // Write (create-relations → update-relations → write-replace) below hooks: Before-update hooks
  // see the patch as the UI sent it (e.g. a computed `fullName`), before it is split into real
  // columns; hook handlers write through this layer, so their writes are still rewritten.
  readonly write: WriteDataSourceDecorator;

  // Hooks below validation (validation rules run before Before-hooks) and above write (see above).
  // Hook contexts talk to the write layer: no hook recursion, no validation, no binary.
  readonly hook: DataSourceDecorator<HookCollectionDecorator>;

  // Validation above hooks: invalid data is refused before any Before-hook runs.
  readonly validation: DataSourceDecorator<ValidationCollectionDecorator>;

  // Binary above validation, hooks and writes: string ↔ Buffer conversion happens at the API
  // boundary, so every customization handles Buffers.
  readonly binary: DataSourceDecorator<BinaryCollectionDecorator>;

  // Publication and renaming at the very top: they only change the exported API. Every
  // customization below keeps original names and can still use removed fields and collections.
  readonly publication: PublicationDataSourceDecorator;
  readonly renameField: DataSourceDecorator<RenameFieldCollectionDecorator>;

  constructor() {
    let last: DataSource = this.composite;
    last = this.override = new DataSourceDecorator(last, OverrideCollectionDecorator);
    last = this.empty = new DataSourceDecorator(last, EmptyCollectionDecorator);
    last = this.earlyEquivalence = new DataSourceDecorator(
      last,
      OperatorsEquivalenceCollectionDecorator,
    );
    last = this.earlyComputed = new DataSourceDecorator(last, ComputedCollectionDecorator);
    last = this.earlyOpEmulate = new DataSourceDecorator(last, OperatorsEmulateCollectionDecorator);
    last = this.earlyOpEquivalence = new DataSourceDecorator(
      last,
      OperatorsEquivalenceCollectionDecorator,
    );
    last = this.relation = new DataSourceDecorator(last, RelationCollectionDecorator);
    last = this.lazyJoin = new DataSourceDecorator(last, LazyJoinCollectionDecorator);
    last = this.lateComputed = new DataSourceDecorator(last, ComputedCollectionDecorator);
    last = this.lateOpEmulate = new DataSourceDecorator(last, OperatorsEmulateCollectionDecorator);
    last = this.lateOpEquivalence = new DataSourceDecorator(
      last,
      OperatorsEquivalenceCollectionDecorator,
    );
    last = this.search = new DataSourceDecorator(last, SearchCollectionDecorator);
    last = this.segment = new DataSourceDecorator(last, SegmentCollectionDecorator);
    last = this.sortEmulate = new DataSourceDecorator(last, SortEmulateCollectionDecorator);
    last = this.chart = new ChartDataSourceDecorator(last);
    last = this.action = new DataSourceDecorator(last, ActionCollectionDecorator);
    last = this.schema = new DataSourceDecorator(last, SchemaCollectionDecorator);
    last = this.write = new WriteDataSourceDecorator(last);
    last = this.hook = new DataSourceDecorator(last, HookCollectionDecorator);
    last = this.validation = new DataSourceDecorator(last, ValidationCollectionDecorator);
    last = this.binary = new DataSourceDecorator(last, BinaryCollectionDecorator);
    last = this.publication = new PublicationDataSourceDecorator(last);
    this.renameField = new DataSourceDecorator(last, RenameFieldCollectionDecorator);
  }

  /**
   * Checks what can only be checked once every customization is applied, so that misuse fails
   * at build rather than on the first request: static segments against the final schema.
   */
  checkBuild(): void {
    for (const collection of this.segment.collections) collection.checkStaticSegments();
  }

  /** The top of the stack: what the agent serves. */
  get dataSource(): DataSource {
    return this.renameField;
  }
}
