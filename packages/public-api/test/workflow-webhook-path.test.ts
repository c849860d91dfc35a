import { randomBytes } from 'node:crypto';

import { signWorkflowWebhookId, verifyWorkflowWebhookId, workflowWebhookUrl } from '../src';

describe('workflow webhook ids', () => {
  const key = randomBytes(32);

  it('verifies what it signed, and builds the URL under /v1/webhooks/workflows', () => {
    const id = signWorkflowWebhookId(key, 12, 3);

    expect(verifyWorkflowWebhookId(key, id)).toEqual({ workflowId: 12, urlVersion: 3 });
    expect(workflowWebhookUrl('http://x.test/', key, 12, 3)).toBe(
      `http://x.test/v1/webhooks/workflows/${id}`,
    );
  });

  it('refuses tampered ids, another key and malformed ids', () => {
    const id = signWorkflowWebhookId(key, 12, 3);

    expect(verifyWorkflowWebhookId(key, id.replace(/^12\./, '13.'))).toBeNull();
    expect(verifyWorkflowWebhookId(key, id.replace(/\.3\./, '.4.'))).toBeNull();
    expect(verifyWorkflowWebhookId(randomBytes(32), id)).toBeNull();
    expect(verifyWorkflowWebhookId(key, `${id}A`)).toBeNull();
    expect(verifyWorkflowWebhookId(key, 'x'.repeat(10_000))).toBeNull();
    expect(verifyWorkflowWebhookId(key, '')).toBeNull();
  });

  it('refuses the other spellings of the same signature (the low bits of the last character)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const id = signWorkflowWebhookId(key, 12, 3);
    const last = alphabet.indexOf(id.at(-1)!);
    // 32 bytes in 43 characters: the last one carries 4 bits and 2 that decoding ignores.
    const others = [1, 2, 3].map(bits => `${id.slice(0, -1)}${alphabet[last ^ bits]}`);

    expect(others.map(other => Buffer.from(other.split('.')[2]!, 'base64url'))).toEqual(
      others.map(() => Buffer.from(id.split('.')[2]!, 'base64url')),
    );
    expect(others.map(other => verifyWorkflowWebhookId(key, other))).toEqual([null, null, null]);
  });
});
