/**
 * Each top folder of the product and its layer: a file may import from its own layer or a lower
 * one, never a higher (layout-direction.test.ts). From the bottom: the generic core and the API's
 * shapes; how records are packed into pages, and the page's widgets; the DynamoDB store; the
 * puzzles; the service (the API's handler, and the load of the tables); the CDK app; AWS emulated
 * on this machine; the rehearsals under Lambda's rules; the commands and the CDK app's entry; the
 * deployed functions' entries; the benchmarks.
 */
export const LAYERS: Readonly<Record<string, number>> = {
  core: 0,
  api: 0,
  packing: 1,
  widgets: 1,
  store: 2,
  puzzles: 3,
  lambda: 4,
  load: 4,
  lib: 5,
  emulator: 6,
  rehearsal: 7,
  scripts: 8,
  bin: 8,
  functions: 9,
  bench: 10,
};
