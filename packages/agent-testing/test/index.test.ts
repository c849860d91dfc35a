import * as api from '../src';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'Benchmark',
      'createAgentTestClient',
      'createForestAgentClient',
      'createForestServerSandbox',
      'mergePermissionOverride',
      'readAgentSchemaFile',
      'sandboxUser',
    ]);
  });
});
