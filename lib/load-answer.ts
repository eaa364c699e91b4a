/**
 * What the deploy's loader (functions/loader.ts) is asked and answers: the custom resource's
 * request as CDK's provider framework hands it on, and the answer the framework reads back. The
 * rehearsal of the provider's runs reads the same (rehearsal/).
 */

export interface LoadSummary {
  readonly table: string;
  readonly status: 'already-loaded' | 'restored' | 'loaded';
  readonly pages: number;
  readonly positions: number;
  readonly depth: number;
  readonly written: number;
  readonly seconds: number;
}

/**
 * The custom resource's request, as the provider framework hands it on (aws-cdk-lib
 * custom-resources): only what the loader reads. An invocation with no event (by hand) is a load.
 */
export interface LoadRequest {
  readonly RequestType?: 'Create' | 'Update' | 'Delete';
  readonly PhysicalResourceId?: string;
}

/** What the provider framework reads back: the resource's name, and whether the tables are done. */
export interface LoadAnswer {
  readonly PhysicalResourceId: string;
  readonly IsComplete: boolean;
  /** The tables done by this run (or found done), and those left for the next run, each with its sentence. */
  readonly tables: LoadSummary[];
  readonly unfinished: { readonly table: string; readonly said: string }[];
}
