import * as demoDatabase from '../../src/demo-database';

describe('the demo-database module', () => {
  it('exports exactly its public values', () => {
    expect(Object.keys(demoDatabase).sort()).toEqual([
      'demoDialects',
      'demoRowCounts',
      'demoSchema',
      'demoTableNames',
      'ensureDemoDatabase',
      'generateDemoRows',
    ]);
  });
});
