/**
 * vitest globalSetup: one real DynamoDB-compatible server (dynalite, in memory) for the whole run,
 * on a free port. Each test file makes its own table on it.
 */
import type { TestProject } from 'vitest/node';
import { startLocalDynamo } from '../../store/local-dynamodb';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const local = await startLocalDynamo({ port: 0 });
  project.provide('dynamoEndpoint', local.endpoint);
  return () => local.close();
}
