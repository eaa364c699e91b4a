/**
 * `npm run bench -- --only judge`: the judge command against its peers as a judge's user runs them,
 * each a whole process from start to exit: `npm run --silent solve -- eight --engine search`
 * against a typical accepted HDU 3567 solution in C (judge-peer.c) and a tuned one
 * (judge-peer-incremental.c), on the same judge input (judge-input.ts, 20 copies of 431 pairs),
 * interleaved, the fastest of TRIALS each (wall clock, and CPU time); then the start alone (a
 * one-case input). Every output is checked against ours.
 */
import { spawnSync } from 'node:child_process';
import { type Row, compileReference, medianOf } from '../../../core/benchmark';
import { solveEightJudge } from '../offline/judge-solver';
import { eightJudgeInput, eightJudgePairs } from './judge-input';

/** Runs of each program: a run lasts a second or two, and the machine is shared. */
const TRIALS = 5;
const COPIES = 20;
/** A one-case input: what a process takes to start, read and answer nothing much. */
const START_INPUT = '1\n12345678X\n12345678X\n';

interface Program {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

const OURS: Program = { name: 'npm run --silent solve -- eight --engine search', command: 'npm', args: ['run', '--silent', 'solve', '--', 'eight', '--engine', 'search'] };

/**
 * Runs the program under bash, whose `times` then prints the CPU time of its children (the
 * program and every process it waited for: npm, sh and Node for ours) on the last line of stderr.
 * On a shared machine the CPU time moves less than the wall clock.
 */
const WITH_TIMES = '"$@"; status=$?; times >&2; exit $status';

/** `0m1.234s` as seconds. */
const secondsOf = (text: string) => {
  const [, minutes, seconds] = /^(\d+)m([\d.]+)s$/.exec(text) ?? [];
  return Number(minutes) * 60 + Number(seconds);
};

/** One whole run: its wall-clock seconds, its CPU seconds (user and system), and whether its output is `expected`. */
function run(program: Program, input: string, expected: string): { seconds: number; cpu: number; same: boolean } {
  const start = performance.now();
  const result = spawnSync('bash', ['-c', WITH_TIMES, 'run', program.command, ...program.args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`${program.name} exited ${result.status}: ${result.stderr}`);
  const [user, system] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(secondsOf);
  return { seconds, cpu: user + system, same: result.stdout === expected };
}

type Runs = { seconds: number[]; cpu: number[]; same: boolean };

/** TRIALS runs of every program on `input`, interleaved (ours, then each peer, again and again). */
function interleaved(programs: readonly Program[], input: string, expected: string): Runs[] {
  const runs = programs.map((): Runs => ({ seconds: [], cpu: [], same: true }));
  for (let trial = 0; trial < TRIALS; trial++) {
    programs.forEach((program, i) => {
      const one = run(program, input, expected);
      runs[i].seconds.push(one.seconds);
      runs[i].cpu.push(one.cpu);
      runs[i].same &&= one.same;
    });
  }
  return runs;
}

export function judge(): Row[] {
  const peers = [
    { label: 'typical accepted C: IDA*, Manhattan summed at each node, bound + 1', source: new URL('./judge-peer.c', import.meta.url) },
    { label: 'tuned C: IDA*, Manhattan carried down, next bound = least f over it', source: new URL('./judge-peer-incremental.c', import.meta.url) },
  ].flatMap((peer) => {
    const built = compileReference(peer.source);
    return built ? [{ ...peer, built }] : [];
  });
  try {
    const pairs = eightJudgePairs();
    const input = eightJudgeInput(COPIES, pairs);
    const expected = solveEightJudge(input, 'search');
    const startExpected = solveEightJudge(START_INPUT, 'search');
    const programs = [OURS, ...peers.map((peer) => ({ name: peer.label, command: peer.built.binary, args: [] }))];
    // One untimed run of ours: the first run after a change of its sources builds its bundle.
    run(OURS, START_INPUT, startExpected);
    const whole = interleaved(programs, input, expected);
    const start = interleaved(programs, START_INPUT, startExpected);
    const cases = pairs.length * COPIES;
    // Ours over each peer: the fastest of each, and the median over the trials of the runs side by side (a slow minute of the machine slows both).
    const fastestRatio = (ours: number[], theirs: number[]) => (Math.min(...theirs) > 0 ? (Math.min(...ours) / Math.min(...theirs)).toFixed(2) : 'no CPU time measured');
    const medianRatio = (ours: number[], theirs: number[]) => medianOf(theirs.map((value, trial) => ours[trial] / value)).toFixed(2);
    const rows = (label: string, runs: Runs[], queries: number): Row[] =>
      runs.map((one, i) => ({
        benchmark: 'judge',
        input: `${label}: ${programs[i].name}${one.same ? '' : ' (OUTPUT DIFFERS)'}`,
        cases: queries,
        'fastest s': Math.min(...one.seconds).toFixed(3),
        'each s': one.seconds.map((s) => s.toFixed(2)).join(', '),
        'ours / this': i === 0 ? '' : fastestRatio(runs[0].seconds, one.seconds),
        'median of trials': i === 0 ? '' : medianRatio(runs[0].seconds, one.seconds),
        'least CPU s': Math.min(...one.cpu).toFixed(2),
        'ours / this, CPU': i === 0 ? '' : fastestRatio(runs[0].cpu, one.cpu),
      }));
    return [...rows(`${COPIES} x ${pairs.length} pairs`, whole, cases), ...rows('start (1 case)', start, 1)];
  } finally {
    for (const peer of peers) peer.built.cleanup();
  }
}
