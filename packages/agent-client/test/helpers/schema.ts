import type { AgentSchema } from '../../src';

/** A small agent schema: books → author (BelongsTo persons), books → reviews (HasMany). */
export const schema: AgentSchema = {
  collections: [
    {
      name: 'books',
      fields: [
        { field: 'author', type: 'Number', reference: 'persons.id', relationship: 'BelongsTo' },
        { field: 'id', type: 'Number', reference: null, isPrimaryKey: true },
        { field: 'reviews', type: ['Number'], reference: 'reviews.id', relationship: 'HasMany' },
        { field: 'title', type: 'String', reference: null },
      ],
      actions: [
        {
          id: 'books-0-refund',
          name: 'Refund',
          type: 'single',
          endpoint: '/forest/_actions/books/0/refund',
          hooks: { load: true, change: ['changeHook'] },
          fields: [],
        },
        {
          id: 'books-1-mark-as-live',
          name: 'Mark as live',
          type: 'bulk',
          endpoint: '/forest/_actions/books/1/mark-as-live',
          hooks: { load: false, change: ['changeHook'] },
          fields: [{ field: 'Note', label: 'Note', type: 'String', defaultValue: 'ok' }],
        },
      ],
      segments: [{ id: 'books.Published', name: 'Published' }],
    },
    { name: 'persons', fields: [{ field: 'id', type: 'Number', reference: null }] },
    {
      name: 'reviews',
      fields: [
        { field: 'id', type: 'Number', reference: null },
        { field: 'stars', type: 'Number', reference: null },
      ],
    },
  ],
  meta: { liana: 'grove-agent' },
};
