import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('Alfama Terrace')).toBe('Alfama Terrace');
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(-12)).toBe('-12');
    expect(csvField(0)).toBe('0');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling inner quotes', () => {
    expect(csvField('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvField('The "Loft"')).toBe('"The ""Loft"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvField(' padded')).toBe('" padded"');
  });

  it('writes empty for null, undefined and non-finite numbers', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-not a number')).toBe("'-not a number");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
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
      ],
    );
    expect(text).toBe('name,amount\r\n"Ana, ""the host""",10.5\r\nBo,0\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([{ header: 'a', value: () => 1 }], [])).toBe('a\r\n');
  });
});

describe('csvFileName', () => {
  it('makes a safe lower-case name', () => {
    expect(csvFileName('Bookings', 'Mar 2026', 'Alfama Terrace/Lisbon')).toBe('bookings-mar-2026-alfama-terrace-lisbon.csv');
    expect(csvFileName('***')).toBe('export.csv');
  });
});
