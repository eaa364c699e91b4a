/**
 * The judge-format role, for a puzzle that comes from a judge's problem: its text input read into
 * queries, and its answers written as the judge prints them (POST text/plain, npm run solve).
 */
import type { Answer } from './answer';

export interface JudgeFormat<Query, A extends Answer> {
  /** The queries of judge input (text/plain); every bad case named at once. */
  queries(input: string): Query[];
  output(answers: readonly A[]): string;
  /** The judge's sample, its input and the output it expects (the API's description shows it). */
  readonly sample: { readonly input: string; readonly output: string };
}
