import { useProofAgent } from './support/use-proof-agent';

describe('agent lifecycle against the sandbox', () => {
  const proof = useProofAgent();

  it('uploaded its schema at start', () => {
    const schema = proof().sandbox.schema(proof().envSecret);

    expect(schema?.collections.map(c => c.name)).toEqual(
      expect.arrayContaining(['customers', 'orders', 'products', 'tags']),
    );
    expect(schema?.collections.find(c => c.name === 'orders')?.actions).toEqual([
      'Apply discount',
      'Print invoice',
    ]);
  });

  it('called no route the sandbox does not serve', () => {
    expect(proof().sandbox.unhandledRequests).toEqual([]);
  });

  it('builds a login URL from the sandbox discovery and registration', async () => {
    const response = await fetch(`${proof().agent.url}/forest/authentication`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ renderingId: 1 }),
    });
    const { authorizationUrl } = (await response.json()) as { authorizationUrl: string };

    expect(response.status).toBe(200);
    expect(new URL(authorizationUrl).origin).toBe(proof().sandbox.url);
    expect(new URL(authorizationUrl).searchParams.get('client_id')).toBe('grove-sandbox-client');
  });

  // The vendor agent reconnects 5 s after a stream ends: 6 s with one stream proves it stays up.
  it('keeps one event stream open, without reconnecting', async () => {
    await new Promise(resolve => setTimeout(resolve, 6000));

    expect(proof().sandbox.eventStreams(proof().envSecret)).toEqual({ open: 1, opened: 1 });
    expect(await proof().client.collection('customers').count()).toBe(15);
  }, 10_000);
});
