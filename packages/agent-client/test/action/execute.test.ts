import type { FakeReply } from '../helpers/fake-agent';
import { useFakeAgent } from '../helpers/setup';

const path = '/forest/_actions/books/1/mark-as-live';

describe('Action.execute', () => {
  const { agent, client } = useFakeAgent();
  const execute = async (reply: FakeReply) => {
    agent().reply('POST', path, reply);
    const action = await client()
      .collection('books')
      .action('Mark as live', { recordIds: [1, [2, 'b']] });

    return action.execute();
  };

  it('posts the values and the selection as the frontend does', async () => {
    await execute({ json: { success: 'Done' } });

    expect(agent().last.query).toEqual({ timezone: 'UTC' });
    expect(agent().last.body).toEqual({
      data: {
        type: 'custom-action-requests',
        attributes: {
          collection_name: 'books',
          ids: ['1', '2|b'],
          all_records: false,
          all_records_ids_excluded: [],
          values: { Note: 'ok' },
          all_records_subset_query: null,
          smart_action_id: 'books-1-mark-as-live',
          signed_approval_request: null,
        },
      },
    });
  });

  it('reads a success with html, invalidated relations and response headers', async () => {
    const result = await execute({
      json: { success: 'Published', html: '<b>ok</b>', refresh: { relationships: ['reviews'] } },
      headers: { 'x-custom': 'yes' },
    });

    expect(result).toMatchObject({
      type: 'Success',
      message: 'Published',
      html: '<b>ok</b>',
      invalidated: ['reviews'],
    });
    expect(result.responseHeaders['x-custom']).toBe('yes');
  });

  it('reads the 400 error result', async () => {
    const result = await execute({
      status: 400,
      json: { error: 'Not allowed now', html: '<p>no</p>' },
    });

    expect(result).toMatchObject({ type: 'Error', message: 'Not allowed now', html: '<p>no</p>' });
  });

  it('throws a 400 validation error body', async () => {
    const errors = [{ name: 'ValidationError', detail: 'Missing timezone', status: 400 }];

    await expect(execute({ status: 400, json: { errors } })).rejects.toMatchObject({
      status: 400,
      code: 'ValidationError',
      message: 'Missing timezone',
    });
  });

  it('throws the approval error with its data', async () => {
    const errors = [
      {
        name: 'CustomActionRequiresApprovalError',
        detail: 'This action requires to be approved.',
        status: 403,
        data: { roleIdsAllowedToApprove: [3, 8] },
      },
    ];

    await expect(execute({ status: 403, json: { errors } })).rejects.toMatchObject({
      code: 'ForbiddenError',
      name: 'CustomActionRequiresApprovalError',
      data: { roleIdsAllowedToApprove: [3, 8] },
    });
  });

  it('reads a webhook', async () => {
    const webhook = {
      url: 'https://hook.test',
      method: 'POST',
      headers: { a: 'b' },
      body: { x: 1 },
    };

    await expect(execute({ json: { webhook } })).resolves.toMatchObject({
      type: 'Webhook',
      ...webhook,
    });
  });

  it('reads a redirect', async () => {
    await expect(execute({ json: { redirectTo: '/books/12' } })).resolves.toMatchObject({
      type: 'Redirect',
      path: '/books/12',
    });
  });

  it('reads a file: bytes, name and mime type', async () => {
    const bytes = Buffer.from([0, 1, 2, 255]);
    const result = await execute({
      buffer: bytes,
      headers: {
        'content-type': 'application/pdf; charset=utf-8',
        'content-disposition': 'attachment; filename="report 1.pdf"',
        'access-control-expose-headers': 'Content-Disposition',
      },
    });

    expect(result).toMatchObject({
      type: 'File',
      name: 'report 1.pdf',
      mimeType: 'application/pdf',
    });
    expect(result.type === 'File' && result.buffer.equals(bytes)).toBe(true);
  });

  it('reads an RFC 5987 file name and defaults', async () => {
    const result = await execute({
      text: 'x',
      headers: {
        'content-disposition':
          'attachment; filename="r.csv"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.csv',
      },
    });

    expect(result).toMatchObject({ type: 'File', name: 'résumé.csv' });
  });

  it('sends a signed approval request', async () => {
    agent().reply('POST', path, { json: { success: 'ok' } });
    const action = await client()
      .collection('books')
      .action('Mark as live', { recordIds: [1] });

    await action.execute({ signedApprovalRequest: 'signed.jwt.value' });

    expect(agent().last.body).toMatchObject({
      data: { attributes: { signed_approval_request: 'signed.jwt.value' } },
    });
  });
});
