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
});
