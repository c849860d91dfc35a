import { requestKinds, selectKinds, selectStackKinds } from '../../src/requests/request-kinds';

describe('selectKinds and selectStackKinds (--kinds, --skip-stack)', () => {
  it('select every kind, and the Grove stack kinds, without --kinds', () => {
    expect(selectKinds(undefined)).toEqual(requestKinds);
    expect(selectStackKinds(undefined, false)).toEqual(['MCP tool call', 'public API log page']);
  });

  it('split the named kinds between the agents and the Grove stack', () => {
    const names = 'count, MCP tool call,list';

    expect(selectKinds(names).map(kind => kind.name)).toEqual(['list', 'count']);
    expect(selectStackKinds(names, false)).toEqual(['MCP tool call']);
    expect(selectKinds('public API log page')).toEqual([]);
  });

  it('leave the Grove stack out with --skip-stack', () => {
    expect(selectStackKinds(undefined, true)).toEqual([]);
    expect(selectStackKinds('MCP tool call', true)).toEqual([]);
  });

  it('refuse an unknown name, listing the known ones', () => {
    expect(() => selectKinds('list,mcp')).toThrow(
      /^Unknown kind "mcp": list, .*, update, MCP tool call, public API log page$/,
    );
  });
});
