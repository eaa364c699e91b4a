/**
 * npm run ask with no question (`npm run ask -- --url URL`, the command the stack's Url output
 * names after a deploy): the service's /health as a person reads it, then each puzzle's example
 * asked, on the command line that asks it again, and the other questions it takes. Run in this
 * process (its main) against the local URL of a function without a table (every answer searched).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type FunctionUrlServer, serveFunctionUrl } from '../../emulator/function-url-server';
import { healthText, main } from '../../scripts/ask';
import { registry } from '../../puzzles/registered';
import { searchOnlyHandler } from '../support/service';

let server: FunctionUrlServer;
/** The paths the service was asked, in order. */
const asked: string[] = [];
beforeAll(async () => {
  const handler = searchOnlyHandler();
  server = await serveFunctionUrl(async (event, context) => {
    asked.push(event.rawPath);
    return handler(event, context);
  }, { port: 0 });
});
afterAll(() => server?.close());

let logs: MockInstance<typeof console.log>;
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  asked.length = 0;
  logs = vi.spyOn(console, 'log').mockImplementation(() => {});
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  logs.mockRestore();
  errors.mockRestore();
});
const NAMES = registry.PUZZLES.map((puzzle) => puzzle.name);
const printed = () => logs.mock.calls.map((call) => String(call[0])).join('\n');

describe('npm run ask -- --url URL, with no question', () => {
  it("says the service's health, asks each puzzle's example, and prints the command that asks it, exit 0", async () => {
    expect(await main(registry, ['--url', server.url])).toBe(0);
    expect(errors).not.toHaveBeenCalled();
    // every registered puzzle's example, in the registry's order
    expect(asked).toEqual(['/health', ...NAMES.map((name) => `/${name}`)]);
    const url = server.url.replace(/\/+$/, '');
    const ask = `npm run --silent ask -- --url ${server.url}`;
    const lines = printed().split('\n');
    // a function without a table answers by search: degraded, and it says why
    expect(lines[0]).toMatch(new RegExp(`^${url} is degraded, DynamoDB not configured: .+\\.$`));
    expect(lines).toContain('  knights#standard (knights, goal standard = 11111/01111/00*11/00001/00000, limits up to 39): missing');
    expect(lines).toContain("Each puzzle's example, asked:");
    // the board's `*` quoted for the shell, and each answer's distance and source, in the puzzle's own words
    expect(lines).toContain(`  ${ask} knights '10110/01*11/10111/01001/00000'   7 moves from the standard goal (search)`);
    expect(lines).toContain(`  ${ask} eight 12X453786 12345678X   2 moves: dd (search)`);
    expect(lines).toContain(`  ${ask} fifteen 2,3,4,0,1,5,7,8,9,6,10,12,13,14,11,15   9 moves: llldrdrdr (search)`);
    expect(lines).toContain(`  ${ask} stats   (every table's distances and farthest positions)`);
    expect(lines).toContain(`  ${ask} judge ${NAMES.join('|')} < input.txt   (judge input posted, judge output back)`);
  });

  it('prints the health and the examples as they came with --json', async () => {
    expect(await main(registry, ['--url', server.url, '--json'])).toBe(0);
    const answer = JSON.parse(printed()) as { health: { dynamodb: string }; examples: Record<string, { steps: number }> };
    expect(answer.health.dynamodb).toBe('not configured');
    const steps = Object.fromEntries(Object.entries(answer.examples).map(([puzzle, example]) => [puzzle, example.steps]));
    expect(Object.keys(steps)).toEqual(NAMES);
    expect(steps).toMatchObject({ knights: 7, eight: 2, fifteen: 9 });
  });

  it('says nothing answered at the URL, exit 1, when nothing does', async () => {
    const closed = await serveFunctionUrl(searchOnlyHandler(), { port: 0 });
    await closed.close();
    expect(await main(registry, ['--url', closed.url])).toBe(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/^Nothing answered at http:\/\/127\.0\.0\.1:\d+ \(.*\)\. Check the --url, or leave it out to ask the npm start running here\.$/);
    expect(logs).not.toHaveBeenCalled();
  });
});

describe("a service's health as a person reads it", () => {
  it("says each table's state: loaded (its depth, positions and when), outdated and why, missing; and each search's estimate", () => {
    const identity = { puzzle: 'knights', goal: '11111/01111/00*11/00001/00000', goalName: 'standard', maxLimit: 39 };
    const text = healthText(new URL('https://example.lambda-url.eu-west-1.on.aws/'), {
      status: 'ok',
      dynamodb: 'reachable',
      tables: {
        'knights#standard': { ...identity, state: 'loaded', depth: 39, whole: true, positions: 8_157_600, pages: 100, bytes: 1, writeUnits: 1, schemaVersion: 1, generation: 2, completedAt: '2026-01-02T03:04:05Z', checksum: 'x' },
        'knights#other': { ...identity, goalName: 'other', state: 'outdated', schemaVersion: 0, message: 'Load it again.' },
        eight: { puzzle: 'eight', goal: '', state: 'missing' },
      },
      estimates: { fifteen: { inUse: 'pattern databases 6-6-3', coming: 'pattern databases 7-8 in 5 minutes' } },
    });
    expect(text).toBe(
      [
        'https://example.lambda-url.eu-west-1.on.aws is ok, DynamoDB reachable',
        '  knights#standard (knights, goal standard = 11111/01111/00*11/00001/00000, limits up to 39): loaded to depth 39 (the whole space), 8,157,600 positions, completed 2026-01-02T03:04:05Z',
        '  knights#other (knights, goal other = 11111/01111/00*11/00001/00000, limits up to 39): outdated. Load it again.',
        '  eight (eight): missing',
        "  fifteen's search: pattern databases 6-6-3; coming: pattern databases 7-8 in 5 minutes",
      ].join('\n'),
    );
  });
});
