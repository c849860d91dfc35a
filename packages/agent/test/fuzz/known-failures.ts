import type { CallerKind, FuzzRequest } from './routes';

/** The invariants checked after every request. */
export type Invariant =
  | 'status < 500'
  | 'answered'
  | 'duration <= 2 s'
  | 'health check'
  | 'database unchanged'
  | 'no prototype pollution';

/**
 * A failure of today's code that the suite finds, mapped to the bullet of issue 12 that fixes it.
 * `tolerate`: the requests are sent and the failures printed, but they do not fail the suite.
 * `exclude`: the requests are not sent at all (they stall the event loop for minutes), and the
 * suite prints how many were left out. The lead empties this list once the fixes are merged.
 */
export interface KnownFailure {
  readonly bullet: string;
  readonly mode: 'tolerate' | 'exclude';
  readonly family?: string;
  readonly caller?: CallerKind;
  /** A tag the request must carry (see FuzzRequest.tags), or a pattern one of its tags matches. */
  readonly tag?: string | RegExp;
  /** For `tolerate`: the invariant that fails (any when absent). */
  readonly invariant?: Invariant;
  /** For `tolerate`: a pattern the failure's detail (status, logged cause, diff) must match. */
  readonly detail?: RegExp;
  /** A header the request must carry (lower case), e.g. `content-encoding`. */
  readonly header?: string;
}

export const knownFailures: readonly KnownFailure[] = [
  {
    bullet:
      'Nothing a client sends can stall the event loop: the native query lexer is quadratic in `$tag$` quotes and runs before the permission check (1 MB: 160 s)',
    mode: 'exclude',
    tag: 'run of $tN$',
  },
  {
    bullet:
      'Nothing a client sends can stall the event loop: LIKE on in-memory / emulated collections compiles the pattern to a RegExp (a 1 MB pattern is a 500 "Invalid regular expression")',
    mode: 'tolerate',
    invariant: 'status < 500',
    detail: /Invalid regular expression/,
  },
  {
    bullet:
      'Nothing a client sends can stall the event loop / every parser is linear: condition trees 10 000 levels deep (stats `filter`, query `filters`) and searches of 7 000 `(` recurse until the stack overflows: a 500 instead of a clear 400',
    mode: 'tolerate',
    invariant: 'status < 500',
    detail: /Maximum call stack size exceeded/,
  },
  {
    bullet:
      'Smaller but real: a token without a numeric `exp` is accepted (`"exp":"never"` signed with the secret creates, deletes, associates as the admin)',
    mode: 'tolerate',
    tag: /^credentials: (no|string|array) exp$/,
  },
  {
    bullet: 'Smaller but real: a malformed `forest_session_token` cookie is a 500 (URI malformed)',
    mode: 'tolerate',
    tag: 'credentials: malformed cookie',
    invariant: 'status < 500',
    detail: /URI malformed/,
  },
  {
    bullet:
      'Smaller but real: a body the parser refuses is a JSON 4xx (today a Content-Encoding gzip/br/unknown on a plain body is a 500 "Bad Request")',
    mode: 'tolerate',
    header: 'content-encoding',
    invariant: 'status < 500',
    detail: /Bad Request/,
  },
  {
    bullet:
      'Not in issue 12 (closest: the JSON 400 bullet): a path with malformed percent-encoding (`/forest/%E0%A4%A`, `/forest/_actions/orders/%ED%A0%80/refund-order`) is a 500 "Failed to decode param"',
    mode: 'tolerate',
    invariant: 'status < 500',
    detail: /Failed to decode param/,
  },
  {
    bullet:
      'Not in issue 12: `POST /scope-cache-invalidation` with `{"renderingId":{"toString":2}}` is a 500 (Cannot convert object to primitive value)',
    mode: 'tolerate',
    family: 'scope invalidation',
    invariant: 'status < 500',
    detail: /Cannot convert object to primitive value/,
  },
  {
    bullet:
      'Not in issue 12: the array-item route writes an item without checking it against the array element type (`{"text":{"a":1}}` lands in books.notes)',
    mode: 'tolerate',
    family: 'array item',
    invariant: 'database unchanged',
  },
  {
    bullet:
      'Not in issue 12: `PUT /books/2/relationships/author` with `{"data":[]}` (not an object nor null) unlinks the author',
    mode: 'tolerate',
    family: 'set to-one',
    invariant: 'database unchanged',
  },
  {
    bullet:
      'Not in issue 12: a record update writes a value of the wrong type into an array column (`PUT /books/3` with `notes: {"a":1}`, as a role allowed to edit books)',
    mode: 'tolerate',
    family: 'update',
    invariant: 'database unchanged',
    detail: /in-memory/,
  },
];

/** The first known failure matching a request (and, when given, a failed invariant). */
export function knownFailureOf(
  request: FuzzRequest,
  failure?: { invariant: Invariant; detail: string },
): KnownFailure | undefined {
  return knownFailures.find(
    known =>
      (failure === undefined ? known.mode === 'exclude' : known.mode === 'tolerate') &&
      (known.family === undefined || known.family === request.family) &&
      (known.caller === undefined || known.caller === request.caller) &&
      (known.tag === undefined ||
        request.tags.some(tag =>
          typeof known.tag === 'string' ? tag === known.tag : known.tag?.test(tag),
        )) &&
      (known.header === undefined || request.headers[known.header] !== undefined) &&
      (failure === undefined ||
        ((known.invariant === undefined || known.invariant === failure.invariant) &&
          (known.detail === undefined || known.detail.test(failure.detail)))),
  );
}
