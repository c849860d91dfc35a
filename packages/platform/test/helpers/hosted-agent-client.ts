import AdmZip from 'adm-zip';

import type { ReceivedEvent } from './sse-reader';

/** The customization of a bundle: `index.js` under `nodejs/customization/`, plus other files. */
export function makeBundle(indexJs: string, files: Record<string, string> = {}): Buffer {
  const zip = new AdmZip();
  zip.addFile('nodejs/customization/index.js', Buffer.from(indexJs));
  for (const [name, content] of Object.entries(files)) zip.addFile(name, Buffer.from(content));

  return zip.toBuffer();
}

/** What a hosted-agent call answered. */
export interface HostedResponse {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
  readonly body: any;
}

/** The CLI's credentials: env secret (header omitted when undefined) and user access token. */
export interface HostedCredentials {
  readonly envSecret?: string;
  readonly token?: string;
}

/** Calls `/api/hosted-agent/<path>` as the CLI does. */
export async function hostedCall(
  url: string,
  credentials: HostedCredentials,
  method: string,
  path: string,
  body?: unknown,
  contentType?: string,
): Promise<HostedResponse> {
  const headers: Record<string, string> = {};
  if (credentials.envSecret !== undefined) headers['grove-secret-key'] = credentials.envSecret;
  if (credentials.token !== undefined) headers.authorization = `Bearer ${credentials.token}`;
  if (body !== undefined) headers['content-type'] = contentType ?? 'application/json';
  const response = await fetch(`${url}/api/hosted-agent/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }

  return { status: response.status, body: parsed };
}

/** Reads a whole server-sent event stream (a publish's answer) into its events. */
export function parseEvents(text: string): ReceivedEvent[] {
  return text
    .split('\n\n')
    .filter(block => block.trim() !== '')
    .map(block => {
      const lines = block.split('\n');
      const field = (name: string) =>
        lines
          .filter(line => line.startsWith(`${name}: `))
          .map(line => line.slice(name.length + 2))
          .join('\n');

      return { event: field('event'), data: field('data') };
    });
}

/** Publishes a bundle and returns the status, content type and events of the stream. */
export async function publishBundle(
  url: string,
  credentials: HostedCredentials,
  bundleId: number,
): Promise<{ status: number; contentType: string | null; events: ReceivedEvent[] }> {
  const response = await fetch(`${url}/api/hosted-agent/publish`, {
    method: 'POST',
    headers: {
      'grove-secret-key': credentials.envSecret ?? '',
      authorization: `Bearer ${credentials.token ?? ''}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ bundleId }),
  });

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events: parseEvents(await response.text()),
  };
}
