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

export const knownFailures: readonly KnownFailure[] = [];

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
