/** One searched term: `dune`, `-dune`, `title:dune`, `"the left hand"`. */
export interface SearchTerm {
  readonly kind: 'Term';
  readonly value: string;
  /** The field named by a `field:value` term, as typed. */
  readonly field: string | null;
  readonly negated: boolean;
  readonly quoted: boolean;
}

/** Terms combined with `AND` (or juxtaposition) / `OR`. */
export interface SearchGroup {
  readonly kind: 'And' | 'Or';
  readonly nodes: readonly SearchNode[];
}

/** A parsed search query. */
export type SearchNode = SearchTerm | SearchGroup;

type Token =
  | { readonly type: '(' | ')' | 'AND' | 'OR' }
  | { readonly type: 'Term'; readonly term: SearchTerm };

class SearchSyntaxError extends Error {}

/**
 * Deepest nesting of parentheses parsed as groups; deeper input is searched as one term, like any
 * input that does not parse. The parser recurses once per level: without a bound, 20 000 `(`
 * overflow the stack.
 */
export const maxSearchNesting = 32;

const fieldPrefix = /^([^\s:"'()]+):/;
const numeric = /^\d+(\.\d+)?$/;

/**
 * Parses a search query: whitespace-separated terms are ANDed, `OR` / `AND` (uppercase) combine
 * them (AND binds tighter), parentheses group, quotes make a phrase, a leading `-` negates and
 * `field:value` targets a field. A negated number (`-42`) is a search for the negative number.
 * Input that does not parse (or nests groups deeper than {@link maxSearchNesting}) is searched as
 * one term. Returns `null` for a blank query. Runs in time linear in the query's length.
 *
 * @example
 * ```ts
 * parseSearchQuery('dune OR -"left hand"');
 * // { kind: 'Or', nodes: [term 'dune', negated term 'left hand'] }
 * ```
 */
export function parseSearchQuery(query: string): SearchNode | null {
  const text = query.trim();
  if (text === '') return null;

  try {
    const tokens = tokenize(text);
    const parser = new Parser(tokens);
    const node = parser.parseOr();
    if (!parser.done) throw new SearchSyntaxError('unexpected token');

    return node;
  } catch (error) {
    if (!(error instanceof SearchSyntaxError)) throw error;

    return { kind: 'Term', value: text, field: null, negated: false, quoted: false };
  }
}

function isSpace(char: string | undefined): boolean {
  return char !== undefined && /\s/.test(char);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (isSpace(char)) index += 1;
    else if (char === '(' || char === ')') {
      tokens.push({ type: char });
      index += 1;
    } else index = readTerm(text, index, tokens);
  }

  return tokens;
}

/** Reads one term starting at `start`, pushes its tokens, returns the index after it. */
function readTerm(text: string, start: number, tokens: Token[]): number {
  let index = start;
  let negated = false;
  if (text[index] === '-' && index + 1 < text.length && !isSpace(text[index + 1])) {
    negated = true;
    index += 1;
  }
  const prefix = fieldPrefix.exec(text.substring(index));
  const field = prefix ? (prefix[1] as string) : null;
  if (prefix) index += prefix[0].length;

  const quote = text[index];
  if (quote === '"' || quote === "'") {
    const end = text.indexOf(quote, index + 1);
    if (end === -1) throw new SearchSyntaxError('unterminated quote');
    const value = text.substring(index + 1, end);
    tokens.push({ type: 'Term', term: { kind: 'Term', value, field, negated, quoted: true } });

    return end + 1;
  }

  let end = index;
  while (end < text.length && !isSpace(text[end])) end += 1;
  const raw = text.substring(index, end);
  // Parentheses inside a word are part of it; closing ones at its end close groups. Counted by
  // hand: `/\)+$/` is quadratic on a word full of `)` that ends with another character.
  let valueEnd = raw.length;
  while (valueEnd > 0 && raw[valueEnd - 1] === ')') valueEnd -= 1;
  const value = raw.substring(0, valueEnd);
  if (value === '') throw new SearchSyntaxError('empty term');

  if (!negated && field === null && (value === 'AND' || value === 'OR')) {
    tokens.push({ type: value });
  } else if (negated && field === null && numeric.test(value)) {
    tokens.push({
      type: 'Term',
      term: { kind: 'Term', value: `-${value}`, field, negated: false, quoted: false },
    });
  } else {
    tokens.push({ type: 'Term', term: { kind: 'Term', value, field, negated, quoted: false } });
  }
  for (let i = value.length; i < raw.length; i += 1) tokens.push({ type: ')' });

  return end;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  get done(): boolean {
    return this.index >= this.tokens.length;
  }

  parseOr(): SearchNode {
    const nodes = [this.parseAnd()];
    while (this.peek() === 'OR') {
      this.index += 1;
      nodes.push(this.parseAnd());
    }

    return nodes.length === 1 ? (nodes[0] as SearchNode) : { kind: 'Or', nodes };
  }

  private parseAnd(): SearchNode {
    const nodes = [this.parseUnary()];
    for (;;) {
      const next = this.peek();
      if (next === 'AND') {
        this.index += 1;
        nodes.push(this.parseUnary());
      } else if (next === 'Term' || next === '(') nodes.push(this.parseUnary());
      else break;
    }

    return nodes.length === 1 ? (nodes[0] as SearchNode) : { kind: 'And', nodes };
  }

  private parseUnary(): SearchNode {
    const token = this.tokens[this.index];
    this.index += 1;
    if (token?.type === 'Term') return token.term;
    if (token?.type === '(') {
      this.depth += 1;
      if (this.depth > maxSearchNesting) throw new SearchSyntaxError('too deeply nested');
      const node = this.parseOr();
      this.depth -= 1;
      if (this.tokens[this.index]?.type !== ')')
        throw new SearchSyntaxError('unbalanced parenthesis');
      this.index += 1;

      return node;
    }
    throw new SearchSyntaxError('unexpected token');
  }

  private peek(): Token['type'] | undefined {
    return this.tokens[this.index]?.type;
  }
}
