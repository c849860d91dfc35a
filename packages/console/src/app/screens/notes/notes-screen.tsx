import { useState } from 'preact/hooks';

import { api, queryString } from '../../api/admin-api';
import type { Environment, NotePage } from '../../api/admin-types';
import { EmptyState } from '../../components/empty-state';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { useLoad } from '../../components/use-load';
import { WithEnvironment } from '../../components/use-environments';
import { NewNoteForm } from './new-note-form';
import { NoteCard } from './note-card';

interface NoteFilters {
  readonly collectionName: string;
  readonly recordId: string;
  readonly includeArchived: boolean;
}

const NO_FILTER: NoteFilters = { collectionName: '', recordId: '', includeArchived: false };

/** Notes on the records of an environment: filter, read, create, add messages, archive. */
export function NotesScreen({ params }: { readonly params: { readonly projectId: string } }) {
  return (
    <>
      <PageHeader title="Notes" />
      <WithEnvironment projectId={params.projectId}>
        {environment => (
          <EnvironmentNotes
            key={environment.id}
            projectId={params.projectId}
            environment={environment}
          />
        )}
      </WithEnvironment>
    </>
  );
}

function EnvironmentNotes({
  projectId,
  environment,
}: {
  readonly projectId: string;
  readonly environment: Environment;
}) {
  const path = `/projects/${projectId}/environments/${environment.id}/notes`;
  const [draft, setDraft] = useState<NoteFilters>(NO_FILTER);
  const [filters, setFilters] = useState<NoteFilters>(NO_FILTER);
  // The cursors of the pages seen so far: [undefined] is the first page.
  const [cursors, setCursors] = useState<readonly (number | undefined)[]>([undefined]);
  const after = cursors[cursors.length - 1];
  const notes = useLoad(
    () =>
      api<NotePage>(
        'GET',
        `${path}${queryString({
          collectionName: filters.collectionName,
          recordId: filters.recordId,
          includeArchived: filters.includeArchived ? 'true' : undefined,
          after,
          pageSize: 20,
        })}`,
      ),
    [path, filters, after],
  );
  const filtered = filters.collectionName !== '' || filters.recordId !== '';

  return (
    <>
      <form
        class="filters"
        aria-label="Filter notes"
        onSubmit={event => {
          event.preventDefault();
          setFilters(draft);
          setCursors([undefined]);
        }}
      >
        <div class="field">
          <label for="notes-collection">Collection</label>
          <input
            id="notes-collection"
            value={draft.collectionName}
            onInput={event => setDraft({ ...draft, collectionName: event.currentTarget.value })}
          />
        </div>
        <div class="field">
          <label for="notes-record">Record id</label>
          <input
            id="notes-record"
            value={draft.recordId}
            onInput={event => setDraft({ ...draft, recordId: event.currentTarget.value })}
          />
        </div>
        <label class="checkbox">
          <input
            type="checkbox"
            checked={draft.includeArchived}
            onChange={event => setDraft({ ...draft, includeArchived: event.currentTarget.checked })}
          />
          Include archived notes
        </label>
        <button type="submit">Filter</button>
      </form>
      <LoadState loaded={notes}>
        {({ data, meta }) => (
          <section class="section" aria-label="Notes">
            {data.length === 0 ? (
              <EmptyState title={filtered ? 'No note matches these filters' : 'No note yet'}>
                {filtered
                  ? 'Change the filters, or include archived notes.'
                  : 'Create the first note on a record below.'}
              </EmptyState>
            ) : (
              <div class="notes">
                {data.map(note => (
                  <NoteCard key={note.id} note={note} notesPath={path} onChanged={notes.reload} />
                ))}
              </div>
            )}
            <Pager
              label="Notes"
              page={cursors.length}
              hasPrevious={cursors.length > 1}
              hasNext={meta.nextAfter !== null}
              onPrevious={() => setCursors(cursors.slice(0, -1))}
              onNext={() => setCursors([...cursors, meta.nextAfter ?? undefined])}
            />
          </section>
        )}
      </LoadState>
      <NewNoteForm
        notesPath={path}
        onCreated={async () => {
          if (cursors.length > 1) setCursors([undefined]);
          else await notes.reload();
        }}
      />
    </>
  );
}
