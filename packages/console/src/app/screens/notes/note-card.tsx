import { useId, useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import type { Note } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { formError, useSubmit } from '../../components/use-submit';
import { noteText } from './note-text';

const FIELDS = ['content'];

/**
 * One note: its record, state and messages (shown as plain text), a form to add a message (open
 * notes only), and Archive / Reopen.
 *
 * @example
 * ```tsx
 * <NoteCard note={note} notesPath={path} onChanged={() => notes.reload()} />
 * ```
 */
export function NoteCard({
  note,
  notesPath,
  onChanged,
}: {
  readonly note: Note;
  readonly notesPath: string;
  readonly onChanged: () => void | Promise<void>;
}) {
  const titleId = useId();
  const [content, setContent] = useState('');
  const message = useSubmit(FIELDS);
  const state = useSubmit();
  const archived = note.archivedAt !== undefined;
  const setArchived = (value: boolean) =>
    state.run(async () => {
      await api('PATCH', `${notesPath}/${note.id}`, { archived: value });
      await onChanged();
    });

  return (
    <article class="card note" aria-labelledby={titleId}>
      <header class="note-header">
        <h3 id={titleId}>{note.title}</h3>
        <span class={archived ? 'badge' : 'badge badge-ok'}>{archived ? 'Archived' : 'Open'}</span>
      </header>
      <p class="muted">
        {note.collection?.name ?? '—'} · record <span class="mono">{note.recordId}</span> · by{' '}
        {note.user.email} ({note.team.name || 'no team'})
      </p>
      <ol class="note-messages" aria-label={`Messages of ${note.title}`}>
        {note.messages.map(item => (
          <li key={item.id}>
            <p class="note-message-text">{noteText(item.content)}</p>
            <p class="muted note-message-meta">
              {item.user.email} ·{' '}
              <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
      <Alert kind="error">{state.error?.detail}</Alert>
      {archived ? null : (
        <form
          class="form"
          onSubmit={event => {
            event.preventDefault();
            void message.run(async () => {
              await api('POST', `${notesPath}/${note.id}/messages`, { content });
              setContent('');
              await onChanged();
            });
          }}
        >
          <Alert kind="error">{formError(message, FIELDS)}</Alert>
          <Field
            label="New message"
            error={message.errorFor('content')}
            render={props => (
              <textarea
                {...props}
                required
                rows={2}
                value={content}
                onInput={event => setContent(event.currentTarget.value)}
              />
            )}
          />
          <button type="submit" disabled={message.busy}>
            Add message
          </button>
        </form>
      )}
      <div class="actions">
        <button
          type="button"
          class="button-secondary"
          disabled={state.busy}
          onClick={() => void setArchived(!archived)}
        >
          {archived ? 'Reopen note' : 'Archive note'}
        </button>
      </div>
    </article>
  );
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString();
}
