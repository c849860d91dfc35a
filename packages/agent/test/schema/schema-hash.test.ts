import { createHash } from 'node:crypto';
import type { AgentSchema } from '../../src/schema/agent-schema';
import { computeSchemaHash } from '../../src/schema/schema-hash';

const schema: AgentSchema = {
  collections: [],
  meta: {
    liana: 'grove-agent',
    liana_version: '0.1.0',
    liana_features: null,
    stack: { engine: 'nodejs', engine_version: '20.19.0' },
  },
};

describe('computeSchemaHash', () => {
  it('is the lowercase hex SHA-1 of the compact JSON of { collections, meta }', () => {
    const text =
      '{"collections":[],"meta":{"liana":"grove-agent","liana_version":"0.1.0",' +
      '"liana_features":null,"stack":{"engine":"nodejs","engine_version":"20.19.0"}}}';

    expect(computeSchemaHash(schema)).toBe(createHash('sha1').update(text).digest('hex'));
  });

  it('changes with the meta (a Node.js upgrade changes the hash)', () => {
    const upgraded = {
      ...schema,
      meta: { ...schema.meta, stack: { engine: 'nodejs', engine_version: '22.0.0' } },
    };

    expect(computeSchemaHash(upgraded)).not.toBe(computeSchemaHash(schema));
  });
});
