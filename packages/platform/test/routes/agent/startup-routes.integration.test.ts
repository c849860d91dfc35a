import { agentCall } from '../../helpers/agent-call';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe.each(availableServers())('agent startup routes on $name', server => {
  let test: TestPlatform;

  beforeEach(async () => {
    test = await startTestPlatform(server);
  });

  afterEach(async () => {
    await test.stop();
  });

  it("serves the environment's IP whitelist", async () => {
    const { url, bootstrap, context } = test.platform;
    const secret = bootstrap!.envSecret;
    const off = await agentCall(url, secret, '/liana/v1/ip-whitelist-rules');
    expect(await off.json()).toEqual({
      data: {
        type: 'ip-whitelist-rules',
        id: String(bootstrap!.environment.id),
        attributes: { use_ip_whitelist: false, rules: [] },
      },
    });

    const rules = [
      { type: 0, ip: '203.0.113.7' },
      { type: 1, ipMinimum: '10.0.0.1', ipMaximum: '10.0.0.50' },
      { type: 2, range: '192.168.0.0/24' },
    ];
    await context.db.models.Environment.update(
      { ipWhitelistEnabled: true, ipWhitelistRules: rules },
      { where: { id: bootstrap!.environment.id } },
    );
    const on = await agentCall(url, secret, '/liana/v1/ip-whitelist-rules');
    expect(((await on.json()) as { data: { attributes: unknown } }).data.attributes).toEqual({
      use_ip_whitelist: true,
      rules,
    });
  });

  it('serves no model customisations and no MCP configurations', async () => {
    const { url, bootstrap } = test.platform;
    const customizations = await agentCall(
      url,
      bootstrap!.envSecret,
      '/liana/model-customizations',
    );
    expect(customizations.status).toBe(200);
    expect(await customizations.json()).toEqual([]);
    const configs = await agentCall(
      url,
      bootstrap!.envSecret,
      '/liana/mcp-server-configs-with-details',
    );
    expect(await configs.json()).toEqual({});
  });

  it('answers 401 to a missing or wrong secret', async () => {
    for (const key of [undefined, 'f'.repeat(64)]) {
      for (const path of [
        '/liana/v1/ip-whitelist-rules',
        '/liana/model-customizations',
        '/liana/mcp-server-configs-with-details',
      ]) {
        expect((await agentCall(test.platform.url, key, path)).status).toBe(401);
      }
    }
  });
});
