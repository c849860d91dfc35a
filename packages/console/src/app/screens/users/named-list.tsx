import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';

import { api } from '../../api/admin-api';
import { Alert } from '../../components/alert';
import { ConfirmButton } from '../../components/confirm-button';
import { EmptyState } from '../../components/empty-state';
import { Pager } from '../../components/pager';
import { usePageSlice } from '../../components/use-page-slice';
import { Field } from '../../components/field';
import { useSubmit } from '../../components/use-submit';
import { formMessages } from '../projects/form-messages';

/** An item of a {@link NamedList}: a team or a role. */
export interface NamedItem {
  readonly id: number;
  readonly name: string;
  /** Built-in: shown, never renamed nor deleted. */
  readonly readOnly?: boolean;
  /** Where its own screen is, if it has one. */
  readonly href?: string;
  /** More to show under its name. */
  readonly details?: ComponentChildren;
}

const PATTERNS = { name: /\bname\b/i };

function RenameForm({
  item,
  noun,
  path,
  onChanged,
}: {
  readonly item: NamedItem;
  readonly noun: string;
  readonly path: string;
  readonly onChanged: () => void;
}) {
  const [name, setName] = useState(item.name);
  const submit = useSubmit();
  const messages = formMessages(submit, PATTERNS);

  return (
    <form
      class="inline-form"
      onSubmit={event => {
        event.preventDefault();
        void submit
          .run(() => api('PATCH', `${path}/${item.id}`, { name }))
          .then(ok => {
            if (ok) onChanged();
          });
      }}
    >
      <Field
        label={`New name of the ${noun} ${item.name}`}
        error={messages.field('name') ?? messages.form}
        render={props => (
          <input
            {...props}
            required
            value={name}
            onInput={event => setName(event.currentTarget.value)}
          />
        )}
      />
      <button type="submit" class="button-secondary" disabled={submit.busy}>
        Rename
      </button>
    </form>
  );
}

/**
 * A project's teams or roles: each with a rename form and a delete button (behind a
 * confirmation), built-in ones read-only, and a form to create one.
 *
 * @example
 * ```tsx
 * <NamedList noun="team" path={`/projects/${id}/teams`} items={teams} onChanged={reload} />
 * ```
 */
export function NamedList({
  noun,
  path,
  items,
  onChanged,
  deleteWarning,
}: {
  readonly noun: string;
  readonly path: string;
  readonly items: readonly NamedItem[];
  readonly onChanged: () => void;
  readonly deleteWarning: string;
}) {
  const [name, setName] = useState('');
  const { shown, pager } = usePageSlice(items);
  const create = useSubmit();
  const remove = useSubmit();
  const messages = formMessages(create, PATTERNS);

  return (
    <>
      <Alert kind="error">{remove.error?.detail}</Alert>
      {items.length === 0 ? (
        <EmptyState title={`No ${noun} yet`}>Create the first one below.</EmptyState>
      ) : (
        <ul class="cards">
          {shown.map(item => (
            <li key={`${item.id}-${item.name}`} class="card">
              <h2>{item.href ? <Link href={item.href}>{item.name}</Link> : item.name}</h2>
              {item.details}
              {item.readOnly ? (
                <p class="muted">Built-in: it cannot be renamed nor deleted.</p>
              ) : (
                <>
                  <RenameForm item={item} noun={noun} path={path} onChanged={onChanged} />
                  <ConfirmButton
                    label={`Delete ${item.name}`}
                    confirmLabel="Delete"
                    title={`Delete the ${noun} ${item.name}?`}
                    onConfirm={async () => {
                      if (await remove.run(() => api('DELETE', `${path}/${item.id}`))) onChanged();
                    }}
                  >
                    {deleteWarning}
                  </ConfirmButton>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager label={`${noun[0]!.toUpperCase()}${noun.slice(1)}s`} {...pager} />
      <form
        class="card form"
        aria-labelledby={`new-${noun}`}
        onSubmit={event => {
          event.preventDefault();
          void create
            .run(() => api('POST', path, { name }))
            .then(ok => {
              if (ok) {
                setName('');
                onChanged();
              }
            });
        }}
      >
        <h2 id={`new-${noun}`}>New {noun}</h2>
        <Alert kind="error">{messages.form}</Alert>
        <Field
          label={`Name of the new ${noun}`}
          error={messages.field('name')}
          render={props => (
            <input
              {...props}
              required
              value={name}
              onInput={event => setName(event.currentTarget.value)}
            />
          )}
        />
        <button type="submit" disabled={create.busy}>
          Create {noun}
        </button>
      </form>
    </>
  );
}
