/**
 * vitest globalSetup of the store's mutation run, after the server's own: the page store's tables,
 * loaded once for every mutant's run (test/support/reader-tables.ts). They are loaded here, where
 * no mutant is ever active, so that every run reads the same true pages.
 */
import type { TestProject } from 'vitest/node';
import { createDynamoClient } from '../../store/client';
import { loadReaderTables } from './reader-tables';

export default async function setup(project: TestProject) {
  const client = createDynamoClient({ endpoint: project.getProvidedContext().dynamoEndpoint });
  try {
    project.provide('readerTables', await loadReaderTables(client, 'reader-shared'));
  } finally {
    client.destroy();
  }
}
