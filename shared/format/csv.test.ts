import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, csvText, toCsv, type CsvValue } from './csv';

/**
 * An RFC 4180 reader, written for the test: records of fields, quoted fields undoubled. Strict:
 * a quote inside an unquoted field, or text after a closing quote, throws.
 */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const field = (): string => {
    if (text[i] !== '"') {
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') end += 1;
      const value = text.slice(i, end);
      if (value.includes('"')) throw new Error(`quote inside an unquoted field at ${i}`);
      i = end;
      return value;
    }
    let value = '';
    i += 1;
    for (;;) {
      if (i >= text.length) throw new Error('unterminated quoted field');
      if (text[i] === '"') {
        if (text[i + 1] === '"') {
          value += '"';
          i += 2;
          continue;
        }
        i += 1;
        if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
        return value;
      }
      value += text[i];
      i += 1;
    }
  };
  while (i < text.length) {
    record.push(field());
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    if (text.slice(i, i + 2) !== '\r\n') throw new Error(`record not ended by CRLF at ${i}`);
    i += 2;
    records.push(record);
    record = [];
  }
  return records;
}

/** What a spreadsheet would run: a cell starting like a formula, spaces and full-width forms included. */
const RUNS_AS_FORMULA = /^(?:[\t\r\n]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

describe('csvField', () => {
  it('leaves plain text and numbers alone, negative amounts included', () => {
    expect(csvField('Alfama Terrace')).toBe('Alfama Terrace');
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(-12)).toBe('-12');
    expect(csvField(-0.5)).toBe('-0.5');
    expect(csvField(0)).toBe('0');
    expect(csvField('2026-07-01')).toBe('2026-07-01');
  });

  it('quotes commas, quotes, line breaks, edge spaces, semicolons and tabs, doubling inner quotes', () => {
    expect(csvField('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvField('The "Loft"')).toBe('"The ""Loft"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('a;=1+1')).toBe('"a;=1+1"');
    expect(csvField('a\t=1+1')).toBe('"a\t=1+1"');
  });

  it('writes empty for null, undefined and non-finite numbers', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-not a number')).toBe("'-not a number");
    expect(csvField('-12')).toBe("'-12");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=cmd|\' /C calc\'!A0')).toBe("'=cmd|' /C calc'!A0");
    expect(csvField('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvField('\n=1+1')).toBe(`"'\n=1+1"`);
    expect(csvField('  =1+1')).toBe("'  =1+1");
    expect(csvField('＝1+1')).toBe("'＝1+1");
    expect(csvField('＠SUM(A1)')).toBe("'＠SUM(A1)");
  });

  it('leaves formula characters alone after the start', () => {
    expect(csvText('Ana-Maria')).toBe('Ana-Maria');
    expect(csvText('a=b')).toBe('a=b');
    expect(csvText('ana@example.com')).toBe('ana@example.com');
  });
});

describe('toCsv', () => {
  it('writes a header record and one CRLF-terminated record per row', () => {
    const text = toCsv(
      [
        { header: 'name', value: (r: { name: string; amount: number }) => r.name },
        { header: 'amount', value: (r) => r.amount },
      ],
      [
        { name: 'Ana, "the host"', amount: 10.5 },
        { name: 'Bo', amount: 0 },
        { name: '=1+1', amount: -3.25 },
      ],
    );
    expect(text).toBe('name,amount\r\n"Ana, ""the host""",10.5\r\nBo,0\r\n\'=1+1,-3.25\r\n');
    expect(readCsv(text)).toEqual([
      ['name', 'amount'],
      ['Ana, "the host"', '10.5'],
      ['Bo', '0'],
      ["'=1+1", '-3.25'],
    ]);
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([{ header: 'a', value: () => 1 }], [])).toBe('a\r\n');
  });
});

describe('fuzz: any text', () => {
  const hostile = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '\r\n', ' ', '"', ',', ';', "'", '\u3000', '＝', '＋', '－', '＠', '\u2028', '\u0000', 'SUM(A1)', 'cmd|');
  const text = fc.string({ unit: fc.oneof(hostile, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 30 });
  const value: fc.Arbitrary<CsvValue> = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));

  it('never produces an extra cell or record, keeps every text, and runs none', () => {
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 3, maxLength: 3 }), { maxLength: 5 }), (rows) => {
        const columns = [0, 1, 2].map((n) => ({ header: `c${n}`, value: (r: CsvValue[]) => r[n] }));
        const records = readCsv(toCsv(columns, rows));
        expect(records).toHaveLength(rows.length + 1);
        rows.forEach((row, r) => {
          const cells = records[r + 1] as string[];
          expect(cells).toHaveLength(3);
          row.forEach((v, c) => {
            const cell = cells[c] as string;
            if (typeof v === 'string') {
              // The text itself, or the text after the apostrophe that defuses it.
              expect(cell === v || cell === `'${v}`).toBe(true);
              expect(cell === `'${v}`).toBe(RUNS_AS_FORMULA.test(v));
              if (cell !== '') expect(RUNS_AS_FORMULA.test(cell)).toBe(false);
            } else if (typeof v === 'number') {
              expect(cell).toBe(Number.isFinite(v) ? String(v) : '');
            }
          });
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('csvFileName', () => {
  it('makes a safe lower-case name', () => {
    expect(csvFileName('Bookings', 'Mar 2026', 'Alfama Terrace/Lisbon')).toBe('bookings-mar-2026-alfama-terrace-lisbon.csv');
    expect(csvFileName('***')).toBe('export.csv');
  });
});
