import { checkConditionTree, WIRE_OPERATORS } from '../../src/services/check-condition-tree';

describe('checkConditionTree', () => {
  it('knows the protocol operators in snake case only', () => {
    expect(WIRE_OPERATORS.has('not_equal')).toBe(true);
    expect(WIRE_OPERATORS.has('previous_x_days_to_date')).toBe(true);
    expect(WIRE_OPERATORS.has('NotEqual')).toBe(false);
  });

  it('accepts null, leaves and nested branches with user templates', () => {
    expect(checkConditionTree(null, 'scope')).toBeNull();
    const tree = {
      aggregator: 'and',
      conditions: [
        { field: 'ownerId', operator: 'equal', value: '{{currentUser.id}}' },
        {
          aggregator: 'or',
          conditions: [{ field: 'team', operator: 'equal', value: '{{ currentUser.team.id }}' }],
        },
        { field: 'deletedAt', operator: 'present' },
      ],
    };
    expect(checkConditionTree(tree, 'scope')).toBe(tree);
  });

  it('names the path of the first bad node', () => {
    expect(() =>
      checkConditionTree(
        {
          aggregator: 'and',
          conditions: [
            { field: 'a', operator: 'equal', value: 1 },
            { field: 'b', operator: 'nope' },
          ],
        },
        'scope',
      ),
    ).toThrow('scope.conditions[1]: unknown operator "nope"');
  });

  it('refuses unknown templates', () => {
    expect(() =>
      checkConditionTree(
        { field: 'a', operator: 'equal', value: 'x {{currentUser.password}}' },
        's',
      ),
    ).toThrow(/unknown template/);
  });
});
