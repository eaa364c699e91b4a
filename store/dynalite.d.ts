declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** Directory of the LevelDB store; in memory when omitted. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
    debug?: boolean;
  }

  export default function dynalite(options?: DynaliteOptions): Server;
}
