import * as api from '../src';

// The runtime surface of the package (types are checked by tsc). Decorators stay internal.
describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ActionContext',
      'ActionContextSingle',
      'ActionResultBuilder',
      'ChartResultBuilder',
      'CollectionChartContext',
      'CollectionCustomizationContext',
      'CollectionCustomizer',
      'CreateOverrideCustomizationContext',
      'CustomizationContext',
      'DataSourceChartContext',
      'DataSourceCustomizer',
      'DeleteOverrideCustomizationContext',
      'HookAfterAggregateContext',
      'HookAfterCreateContext',
      'HookAfterDeleteContext',
      'HookAfterListContext',
      'HookAfterUpdateContext',
      'HookBeforeAggregateContext',
      'HookBeforeCreateContext',
      'HookBeforeDeleteContext',
      'HookBeforeListContext',
      'HookBeforeUpdateContext',
      'RelaxedCollection',
      'RelaxedDataSource',
      'SearchCustomizationContext',
      'UpdateOverrideCustomizationContext',
      'WriteCustomizationContext',
      'generateTypings',
      'toFilter',
      'toPaginatedFilter',
      'writeTypings',
    ]);
  });
});
