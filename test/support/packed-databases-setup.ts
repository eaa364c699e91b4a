/**
 * vitest globalSetup, for a run of the slow project only (npm test runs none of it): the 15-puzzle's 7-8 pattern databases found kept,
 * or built once (about 5 minutes on two cores, with nothing else running), before any slow test
 * starts. Several slow files need them (the functions' bundles carry them, the judge command and
 * the url benchmark search with them); each would otherwise wait for the one that builds them
 * within its own hook's timeout. The quick suite never builds them.
 */
import type { TestProject } from 'vitest/node';
import { packedDatabasesFileBuilt } from '../../puzzles/fifteen/offline/packed-databases';

export default async function setup(project: TestProject) {
  // one setup for the run: the projects it runs say whether the slow one is among them
  if (!project.vitest.projects.some((one) => one.name === 'slow')) return;
  const started = performance.now();
  const file = await packedDatabasesFileBuilt((line) => process.stderr.write(`${line}\n`));
  process.stderr.write(`the 7-8 pattern databases for the slow tests: ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}
