/**
 * The judge benchmark's method, shared by the puzzles that add rows to it (`npm run bench -- --only
 * judge`): our judge command (`npm run --silent solve -- PUZZLE --engine search`) against C
 * solutions of the same judge problem, each a whole process from start to exit, on the same judge
 * input, interleaved, the fastest of JUDGE_TRIALS each (wall clock, and CPU time); then the start
 * alone (a one-case input). Every output must equal ours: a program that prints anything else
 * fails the benchmark.
 */
import { spawnSync } from 'node:child_process';
import { type Row, compileReference, medianOf } from './benchmark';

/** Runs of each program: a run lasts a second or two, and the machine is shared. */
export const JUDGE_TRIALS = 5;
/** Copies of a puzzle's fixed set of cases in its judge input. */
export const JUDGE_COPIES = 20;

export interface Program {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

/** Our judge command for `puzzle`, by search (each case searched, no table built). */
export const judgeCommand = (puzzle: string): Program => ({
  name: `npm run --silent solve -- ${puzzle} --engine search`,
  command: 'npm',
  args: ['run', '--silent', 'solve', '--', puzzle, '--engine', 'search'],
});

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

/** The first line where `output` is not `expected`, as a sentence (undefined when they are equal). */
export function firstDifference(output: string, expected: string): string | undefined {
  if (output === expected) return undefined;
  const got = output.split('\n');
  const want = expected.split('\n');
  const line = want.findIndex((text, i) => got[i] !== text);
  const at = line === -1 ? want.length : line;
  return `line ${at + 1} is ${JSON.stringify(got[at] ?? '(missing)')}, ours ${JSON.stringify(want[at] ?? '(none)')} (${got.length} lines against ${want.length})`;
}

/** One whole run: its wall-clock seconds and its CPU seconds (user and system); throws unless it exits 0 and prints `expected`. */
function run(program: Program, input: string, expected: string): { seconds: number; cpu: number } {
  const start = performance.now();
  const result = spawnSync('bash', ['-c', WITH_TIMES, 'run', program.command, ...program.args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`${program.name} exited ${result.status}: ${result.stderr}`);
  const difference = firstDifference(result.stdout, expected);
  if (difference) throw new Error(`${program.name} printed other judge output than ours: ${difference}`);
  const [user, system] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(secondsOf);
  return { seconds, cpu: user + system };
}

type Runs = { seconds: number[]; cpu: number[] };

/** JUDGE_TRIALS runs of every program on `input`, interleaved (ours, then each peer, again and again). */
function interleaved(programs: readonly Program[], input: string, expected: string): Runs[] {
  const runs = programs.map((): Runs => ({ seconds: [], cpu: [] }));
  for (let trial = 0; trial < JUDGE_TRIALS; trial++) {
    programs.forEach((program, i) => {
      const one = run(program, input, expected);
      runs[i].seconds.push(one.seconds);
      runs[i].cpu.push(one.cpu);
    });
  }
  return runs;
}

/**
 * The judge rows of `puzzle`: our command against each peer (a C source, built with the system
 * cc; a peer that does not build is left out with a note) on `input`, JUDGE_COPIES copies of a
 * fixed set of `cases` cases (described by `label`), then on `startInput`, a one-case input; the
 * output expected of every program is what `solve` (our solver, in this process) makes of the
 * input. Each row: the fastest wall clock, every trial's, ours over the program (fastest over
 * fastest, and the median over the trials of the runs side by side: a slow minute of the machine
 * slows both), and the same by CPU time.
 */
export function judgeRows(options: {
  readonly puzzle: string;
  readonly peers: readonly { readonly label: string; readonly source: URL }[];
  readonly label: string;
  readonly cases: number;
  readonly input: string;
  readonly startInput: string;
  readonly solve: (input: string) => string;
}): Row[] {
  const expected = options.solve(options.input);
  const startExpected = options.solve(options.startInput);
  const ours = judgeCommand(options.puzzle);
  const peers = options.peers.flatMap((peer) => {
    const built = compileReference(peer.source);
    return built ? [{ ...peer, built }] : [];
  });
  try {
    const programs = [ours, ...peers.map((peer) => ({ name: peer.label, command: peer.built.binary, args: [] }))];
    // One untimed run of ours: the first run after a change of its sources builds its bundle.
    run(ours, options.startInput, startExpected);
    const whole = interleaved(programs, options.input, expected);
    const start = interleaved(programs, options.startInput, startExpected);
    const fastestRatio = (mine: number[], theirs: number[]) => (Math.min(...theirs) > 0 ? (Math.min(...mine) / Math.min(...theirs)).toFixed(2) : 'no CPU time measured');
    const medianRatio = (mine: number[], theirs: number[]) => medianOf(theirs.map((value, trial) => mine[trial] / value)).toFixed(2);
    const rows = (label: string, runs: Runs[], queries: number): Row[] =>
      runs.map((one, i) => ({
        benchmark: 'judge',
        input: `${label}: ${programs[i].name}`,
        cases: queries,
        'fastest s': Math.min(...one.seconds).toFixed(3),
        'each s': one.seconds.map((s) => s.toFixed(2)).join(', '),
        'ours / this': i === 0 ? '' : fastestRatio(runs[0].seconds, one.seconds),
        'median of trials': i === 0 ? '' : medianRatio(runs[0].seconds, one.seconds),
        'least CPU s': Math.min(...one.cpu).toFixed(2),
        'ours / this, CPU': i === 0 ? '' : fastestRatio(runs[0].cpu, one.cpu),
      }));
    return [...rows(`${options.puzzle}, ${JUDGE_COPIES} x ${options.label}`, whole, JUDGE_COPIES * options.cases), ...rows(`${options.puzzle}, start (1 case)`, start, 1)];
  } finally {
    for (const peer of peers) peer.built.cleanup();
  }
}
