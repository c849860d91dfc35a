import type { WireNamed, WireUser } from './activity-log-types';
import type { DateRange, ListOrder, PublicApiEnvironment } from './list-query-types';

/** A message of a note. `content` is sanitised HTML. */
export interface NoteMessageItem {
  readonly object: 'note-message';
  readonly id: number;
  readonly content: string;
  readonly createdAt: string;
  readonly user: WireUser;
}

/** A note on a record, with its messages oldest first (docs/public-api.md#notes). */
export interface NoteItem {
  readonly object: 'note';
  readonly id: number;
  readonly title: string;
  readonly recordId: string;
  readonly createdAt: string;
  /** Changed when the note is edited or a message is added. */
  readonly updatedAt: string;
  readonly archivedAt?: string;
  readonly user: WireUser;
  readonly environment: WireNamed<'environment'>;
  readonly team: WireNamed<'team'>;
  readonly collection?: WireNamed<'collection'>;
  readonly messages: readonly NoteMessageItem[];
}

/** The filters of `GET …/notes` once validated; notes are ordered by `id`. */
export interface NoteQuery {
  readonly environment: PublicApiEnvironment;
  readonly limit: number;
  readonly order: ListOrder;
  /** The list continues strictly after this note id in the list's order. */
  readonly afterId?: number;
  readonly userEmail?: string;
  readonly userId?: number;
  readonly teamName?: string;
  readonly collectionName?: string;
  readonly recordId?: string;
  readonly createdAt?: DateRange;
  readonly updatedAt?: DateRange;
  readonly archivedAt?: DateRange;
  /** `true`: archived notes only; `false`: open notes only; absent: both. */
  readonly archived?: boolean;
}

/** A new note: the first message holds `content` (already sanitised by the router). */
export interface NewNote {
  readonly environment: PublicApiEnvironment;
  readonly collectionName: string;
  readonly recordId: string;
  readonly title: string;
  readonly content: string;
}

/** A change to a note: a new title, and/or archiving (`true`) or reopening (`false`) it. */
export interface NoteChange {
  readonly title?: string;
  readonly archived?: boolean;
}
