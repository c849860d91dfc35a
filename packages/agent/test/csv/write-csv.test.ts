import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RecordData } from '@grove/datasource-toolkit';
import { writeCsv } from '../../src/csv/write-csv';

/** An output whose buffer is full until `drain` is emitted. */
class Output extends EventEmitter {
  readonly chunks: string[] = [];
  ended = false;
  destroyed = false;
  full = false;

  write(chunk: string): boolean {
    this.chunks.push(chunk);

    return !this.full;
  }

  end(): void {
    this.ended = true;
  }
}

/** Pages that count how many were pulled and whether iteration was closed. */
function pages(
  list: RecordData[][],
): AsyncGenerator<RecordData[]> & { pulled: () => number; closed: () => boolean } {
  let pulled = 0;
  let closed = false;
  async function* generate(): AsyncGenerator<RecordData[]> {
    try {
      for (const page of list) {
        pulled += 1;
        yield page;
      }
    } finally {
      closed = true;
    }
  }

  return Object.assign(generate(), { pulled: () => pulled, closed: () => closed });
}

const tick = (): Promise<void> => new Promise(resolve => setImmediate(resolve));

/** A full garbage collection (V8's `gc`, exposed to a fresh context). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('writeCsv', () => {
  it('reproduces the export example of docs/agent-protocol.md#csv-export, reading relation paths', async () => {
    const output = new Output();
    const records = [
      { id: 12, title: 'Dune', author: { lastName: 'Herbert' } },
      { id: 9, title: 'Foundation, Book 1', author: { lastName: 'Asimov' } },
    ];
    await writeCsv(
      output,
      ['Id', 'Title', 'Author'],
      ['id', 'title', 'author:lastName'],
      pages([records]),
    );

    expect(output.chunks.join('')).toBe(
      'Id,Title,Author\n12,Dune,Herbert\n9,"Foundation, Book 1",Asimov\n',
    );
    expect(output.ended).toBe(true);
  });

  it('writes one chunk per page, the header with the first', async () => {
    const output = new Output();
    await writeCsv(output, ['Id'], ['id'], pages([[{ id: 1 }, { id: 2 }], [{ id: 3 }]]));
    expect(output.chunks).toEqual(['Id\n1\n2\n', '3\n']);
  });

  it('writes empty cells for absent relations and values', async () => {
    const output = new Output();
    await writeCsv(
      output,
      ['Title', 'Author'],
      ['title', 'author:lastName'],
      pages([[{ author: null }]]),
    );
    expect(output.chunks.join('')).toBe('Title,Author\n,\n');
  });

  it('writes the header alone when there is no record', async () => {
    const output = new Output();
    await writeCsv(output, ['Id', 'Title'], ['id', 'title'], pages([]));
    expect(output.chunks).toEqual(['Id,Title\n']);
    expect(output.ended).toBe(true);
  });

  it('writes nothing when the first page fails, so the error can still be answered', async () => {
    const output = new Output();
    async function* failing(): AsyncGenerator<RecordData[]> {
      yield* [];
      throw new Error('database down');
    }
    await expect(writeCsv(output, ['Id'], ['id'], failing())).rejects.toThrow('database down');
    expect(output.chunks).toEqual([]);
    expect(output.ended).toBe(false);
  });

  it('waits for drain before reading the next page', async () => {
    const output = new Output();
    output.full = true;
    const source = pages([[{ id: 1 }], [{ id: 2 }], [{ id: 3 }]]);
    const done = writeCsv(output, ['Id'], ['id'], source);

    await tick();
    expect(source.pulled()).toBe(1);
    expect(output.chunks).toEqual(['Id\n1\n']);

    output.full = false;
    output.emit('drain');
    await done;
    expect(source.pulled()).toBe(3);
    expect(output.chunks).toEqual(['Id\n1\n', '2\n', '3\n']);
    expect(output.listenerCount('close')).toBe(0);
    expect(output.listenerCount('drain')).toBe(0);
  });

  it('reads the next page while formatting one, once the output takes chunks at once', async () => {
    const output = new Output();
    const source = pages([[{ id: 1 }], [{ id: 2 }], [{ id: 3 }], [{ id: 4 }]]);
    const pulledAtWrite: number[] = [];
    const write = output.write.bind(output);
    output.write = chunk => {
      pulledAtWrite.push(source.pulled());

      return write(chunk);
    };
    await writeCsv(output, ['Id'], ['id'], source);

    // Page 1 is written alone; from page 2 on, the next page is asked for before a page is
    // written (the generator runs up to its next yield at once).
    expect(pulledAtWrite).toEqual([1, 3, 4, 4]);
    expect(output.chunks).toEqual(['Id\n1\n', '2\n', '3\n', '4\n']);
    expect(output.ended).toBe(true);
    expect(source.closed()).toBe(true);
  });

  it('drops a page read ahead when the client goes away, closing the source', async () => {
    const output = new Output();
    const source = pages([[{ id: 1 }], [{ id: 2 }], [{ id: 3 }]]);
    const write = output.write.bind(output);
    output.write = chunk => {
      if (output.chunks.length === 1) output.destroyed = true;

      return write(chunk);
    };
    await writeCsv(output, ['Id'], ['id'], source);

    expect(output.chunks).toEqual(['Id\n1\n', '2\n']);
    expect(source.closed()).toBe(true);
    expect(output.ended).toBe(false);
  });

  it('stops reading when the client goes away', async () => {
    const output = new Output();
    output.full = true;
    const source = pages([[{ id: 1 }], [{ id: 2 }]]);
    const done = writeCsv(output, ['Id'], ['id'], source);

    await tick();
    output.emit('close');
    await done;
    expect(source.pulled()).toBe(1);
    expect(source.closed()).toBe(true);
    expect(output.ended).toBe(false);
    expect(output.listenerCount('drain')).toBe(0);
  });

  it('writes nothing to a destroyed output', async () => {
    const output = new Output();
    output.destroyed = true;
    await writeCsv(output, ['Id'], ['id'], pages([[{ id: 1 }]]));
    expect(output.chunks).toEqual([]);
  });

  it('streams into a Node writable with a small buffer', async () => {
    const received: string[] = [];
    const writable = new Writable({
      highWaterMark: 8,
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk.toString());
        setImmediate(callback);
      },
    });
    const finished = new Promise(resolve => writable.on('finish', resolve));
    const list = Array.from({ length: 5 }, (_, index) => [
      { id: index + 1, name: `row ${index + 1}` },
    ]);
    await writeCsv(writable, ['Id', 'Name'], ['id', 'name'], pages(list));
    await finished;
    expect(received.join('')).toBe('Id,Name\n1,row 1\n2,row 2\n3,row 3\n4,row 4\n5,row 5\n');
  });

  it('keeps no written page alive while the output drains', async () => {
    const output = new Output();
    output.full = true;
    const written = new WeakRef([{ id: 1 }, { id: 2 }]);
    async function* source(): AsyncGenerator<RecordData[]> {
      yield written.deref() as RecordData[];
      yield [{ id: 3 }];
    }
    const done = writeCsv(output, ['Id'], ['id'], source());

    await tick();
    expect(output.chunks).toEqual(['Id\n1\n2\n']);
    collectGarbage();
    // Waiting for drain: the formatted records are garbage.
    expect(written.deref()).toBeUndefined();

    output.full = false;
    output.emit('drain');
    await done;
    expect(output.chunks).toEqual(['Id\n1\n2\n', '3\n']);
  });
});
