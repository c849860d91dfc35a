import { csvLine } from '../../src/csv/csv-line';

describe('csvLine', () => {
  it.each([
    [['Id', 'Title', 'Author'], 'Id,Title,Author\n'],
    [[9, 'Foundation, Book 1', 'Asimov'], '9,"Foundation, Book 1",Asimov\n'],
    [['say "hi"'], '"say ""hi"""\n'],
    [['a\nb', 'c\rd'], '"a\nb","c\rd"\n'],
    [[null, undefined, ''], ',,\n'],
    [[{ a: 1, b: 'x' }], '"{""a"":1,""b"":""x""}"\n'],
    [[['a', 'b']], '"[""a"",""b""]"\n'],
    [[[]], '[]\n'],
    [[true, false, 0, 1.5], 'true,false,0,1.5\n'],
    [[new Date('2024-05-02T08:30:00Z')], '2024-05-02T08:30:00.000Z\n'],
    [['2024-05-02T08:30:00.000Z'], '2024-05-02T08:30:00.000Z\n'],
    [[], '\n'],
    [["it's; fine"], "it's; fine\n"],
  ])('writes %j', (values, expected) => {
    expect(csvLine(values)).toBe(expected);
  });
});
