import * as api from '../src';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'createAgentTestClient',
      'createForestServerSandbox',
      'mergePermissionOverride',
      'readAgentSchemaFile',
      'sandboxUser',
    ]);
  });
});
