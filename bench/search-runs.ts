/**
 * search-runs: the search benchmark's comparisons with C, in five fresh processes: the spread of
 * the ratios from one process to the next. A comparison is a pair of rows "X in C (reference): L"
 * and "X in TypeScript: L", whichever puzzle wrote them.
 */
import { PROCESSES, type Row, medianOf, spreadOf } from '../core/benchmark';
import { benchInFreshProcess } from './harness';

const SIDE = /^(.+?) in (TypeScript|C \(reference\)): (.+?), fastest of .*$/;

export function searchRuns(): Row[] {
  const runs = Array.from({ length: PROCESSES }, () => benchInFreshProcess('search').filter((row) => row['vs reference'] && SIDE.test(String(row.input))));
  const sideOf = (row: Row) => SIDE.exec(String(row.input))!;
  const comparisons = runs[0].filter((row) => sideOf(row)[2] === 'TypeScript');
  return comparisons.map((row) => {
    const [, what, , label] = sideOf(row);
    const sides = runs.map((rows) => ({
      ts: rows.find((one) => sideOf(one)[1] === what && sideOf(one)[2] === 'TypeScript' && sideOf(one)[3] === label)!,
      c: rows.find((one) => sideOf(one)[1] === what && sideOf(one)[2] !== 'TypeScript' && sideOf(one)[3] === label)!,
    }));
    const ratios = sides.map(({ ts }) => Number(ts['vs reference']));
    return {
      benchmark: 'search-runs',
      input: `${what} vs C: ${label}, ${PROCESSES} processes`,
      'TypeScript / C ms, each run': sides.map(({ ts, c }) => `${Number(ts['total ms']).toFixed(0)}/${Number(c['total ms']).toFixed(0)}`).join(', '),
      'vs reference, each run': ratios.map((r) => r.toFixed(2)).join(', '),
      spread: spreadOf(ratios, 2),
      median: medianOf(ratios).toFixed(2),
    };
  });
}
