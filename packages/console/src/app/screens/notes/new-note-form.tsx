import { useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { formError, useSubmit } from '../../components/use-submit';

const FIELDS = ['collectionName', 'recordId', 'title', 'content'];

/**
 * The form that creates a note on a record of the environment (its first message is `content`).
 *
 * @example
 * ```tsx
 * <NewNoteForm notesPath={path} onCreated={() => notes.reload()} />
 * ```
 */
export function NewNoteForm({
  notesPath,
  onCreated,
}: {
  readonly notesPath: string;
  readonly onCreated: () => void | Promise<void>;
}) {
  const [collectionName, setCollectionName] = useState('');
  const [recordId, setRecordId] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const submit = useSubmit(FIELDS);

  return (
    <form
      class="card form"
      aria-labelledby="new-note"
      onSubmit={event => {
        event.preventDefault();
        void submit.run(async () => {
          await api('POST', notesPath, { collectionName, recordId, title, content });
          setTitle('');
          setContent('');
          await onCreated();
        });
      }}
    >
      <h2 id="new-note">New note</h2>
      <Alert kind="error">{formError(submit, FIELDS)}</Alert>
      <Field
        label="Collection"
        error={submit.errorFor('collectionName')}
        render={props => (
          <input
            {...props}
            required
            value={collectionName}
            onInput={event => setCollectionName(event.currentTarget.value)}
          />
        )}
      />
      <Field
        label="Record id"
        error={submit.errorFor('recordId')}
        render={props => (
          <input
            {...props}
            required
            value={recordId}
            onInput={event => setRecordId(event.currentTarget.value)}
          />
        )}
      />
      <Field
        label="Title"
        error={submit.errorFor('title')}
        render={props => (
          <input
            {...props}
            required
            value={title}
            onInput={event => setTitle(event.currentTarget.value)}
          />
        )}
      />
      <Field
        label="Content"
        hint="Plain text or simple HTML; the platform removes anything unsafe."
        error={submit.errorFor('content')}
        render={props => (
          <textarea
            {...props}
            required
            value={content}
            onInput={event => setContent(event.currentTarget.value)}
          />
        )}
      />
      <button type="submit" disabled={submit.busy}>
        Create note
      </button>
    </form>
  );
}
