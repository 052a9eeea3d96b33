import { describe, expect, it } from 'vitest';
import { parseSsmNumber } from '../../src/shared/ssm-number.ts';

/** The SSM company number parser (issue 45), table-driven: each entity type, the years it allows, lengths and forms. */
const THIS_YEAR = 2026;

const valid: [string, { number: string; year: number; entity: string; old: string | null }][] = [
  ['196001000142', { number: '196001000142', year: 1960, entity: '01', old: null }],
  ['201501012345', { number: '201501012345', year: 2015, entity: '01', old: null }],
  ['201902001234', { number: '201902001234', year: 2019, entity: '02', old: null }],
  ['202003123456', { number: '202003123456', year: 2020, entity: '03', old: null }],
  ['201804000001', { number: '201804000001', year: 2018, entity: '04', old: null }],
  ['202105999999', { number: '202105999999', year: 2021, entity: '05', old: null }],
  ['202206000100', { number: '202206000100', year: 2022, entity: '06', old: null }],
  ['190001000001', { number: '190001000001', year: 1900, entity: '01', old: null }],
  ['202601000001', { number: '202601000001', year: 2026, entity: '01', old: null }],
  ['201501012345 (1134567-A)', { number: '201501012345', year: 2015, entity: '01', old: '1134567-A' }],
  ['200303123456(JM0123456-X)', { number: '200303123456', year: 2003, entity: '03', old: 'JM0123456-X' }],
  ['  201501012345  ', { number: '201501012345', year: 2015, entity: '01', old: null }],
  ['2015 01 012345', { number: '201501012345', year: 2015, entity: '01', old: null }],
  ['2015-01-012345', { number: '201501012345', year: 2015, entity: '01', old: null }],
  ['199701000123 ( 426379-U )', { number: '199701000123', year: 1997, entity: '01', old: '426379-U' }],
  ['201004000456 (LLP0000456-LGN)', { number: '201004000456', year: 2010, entity: '04', old: 'LLP0000456-LGN' }],
];

const invalid: [string, string][] = [
  ['', 'empty'],
  ['20150101234', '11 digits'],
  ['2015010123456', '13 digits'],
  ['189901000001', 'a year before 1900'],
  ['202701000001', 'a year after this one'],
  ['201500012345', 'entity 00'],
  ['201507012345', 'entity 07'],
  ['201599012345', 'entity 99'],
  ['1134567-A', 'an old number alone'],
  ['20150101234X', 'a letter among the digits'],
  ['201501012345 1134567-A', 'an old number without brackets'],
  ['201501012345 ()', 'empty brackets'],
  ['2015--01012345', 'two separators together'],
  ['abcdefghijkl', 'letters'],
  ['201501012345 (1134567-A) extra', 'words after the brackets'],
];

describe('parseSsmNumber', () => {
  it.each(valid)('reads %j', (text, expected) => {
    expect(parseSsmNumber(text, THIS_YEAR)).toEqual(expected);
  });

  it.each(invalid)('refuses %j (%s)', (text) => {
    expect(parseSsmNumber(text, THIS_YEAR)).toBeNull();
  });

  it('allows this year only from the year it is', () => {
    expect(parseSsmNumber('202701000001', 2027)?.year).toBe(2027);
  });
});
