import * as api from '../src';

test('the public API is the three plugins', () => {
  expect(Object.keys(api).sort()).toEqual([
    'flattenColumn',
    'flattenJsonColumn',
    'flattenRelation',
  ]);
});
