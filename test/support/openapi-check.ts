/**
 * Every answer the handler tests receive, checked against the API's own description
 * (/openapi.json, lambda/openapi.ts): its status is one the description lists for that path and
 * method, its content type one of that response's, and its JSON body valid against that
 * response's schema (Ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1). A path the
 * description does not list must be a 404, a method it does not list a 405, as its info says.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { registry as registered } from '../../puzzles/registered';
import type { Registry } from '../../puzzles/registry';
import { MAX_BODY_BYTES } from '../../lambda/http';
import { openApiDocument } from '../../lambda/openapi';
import { MAX_BATCH_QUERIES, MAX_JUDGE_CASES } from '../../lambda/routes';

type Json = Record<string, any>;

export interface CheckedRequest {
  readonly method: string;
  readonly path: string;
}

export interface CheckedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, unknown>>;
  readonly text: string;
}

type Described = Promise<{ document: Json; validator: (pointer: string) => ValidateFunction }>;
const descriptions = new WeakMap<Registry, Described>();

/** The document the function serves for the registry (the service's own by default), and a validator for any schema in it by its JSON pointer. */
export function describedApi(registry: Registry = registered): Described {
  const known = descriptions.get(registry);
  if (known) return known;
  const described = openApiDocument(registry, { maxBatchQueries: MAX_BATCH_QUERIES, maxJudgeCases: MAX_JUDGE_CASES, maxBodyBytes: MAX_BODY_BYTES }).then((document) => {
    // strict off: the document holds OpenAPI's own words beside its schemas (paths, examples)
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi.json');
    const validators = new Map<string, ValidateFunction>();
    const validator = (pointer: string) => {
      if (!validators.has(pointer)) validators.set(pointer, ajv.compile({ $ref: `openapi.json#${pointer}` }));
      return validators.get(pointer)!;
    };
    return { document, validator };
  });
  descriptions.set(registry, described);
  return described;
}

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Throws, saying what differs, when the response is not one the description gives for the request. */
export async function checkAgainstDescription(request: CheckedRequest, response: CheckedResponse, registry: Registry = registered): Promise<void> {
  const { document, validator } = await describedApi(registry);
  const path = request.path.replace(/\/+$/, '') || '/';
  const method = request.method.toLowerCase();
  const where = `${request.method} ${path} → ${response.status}`;
  let pointer: string;
  if (!Object.hasOwn(document.paths, path)) {
    if (response.status !== 404) throw new Error(`${where}: the description has no ${path}, so the answer must be 404`);
    pointer = '/components/responses/NotFound';
  } else if (!Object.hasOwn(document.paths[path], method)) {
    if (response.status !== 405) throw new Error(`${where}: the description has no ${method} for ${path}, so the answer must be 405`);
    pointer = '/components/responses/MethodNotAllowed';
  } else if (Object.hasOwn(document.paths[path][method].responses, String(response.status))) {
    pointer = `/paths/${escape(path)}/${method}/responses/${response.status}`;
  } else if (response.status === 413) {
    pointer = '/components/responses/PayloadTooLarge'; // a body too large for any route
  } else {
    throw new Error(`${where}: the description lists ${Object.keys(document.paths[path][method].responses).join(', ')} for ${method} ${path}`);
  }
  const described = pointer.split('/').slice(1).reduce((node: Json, key) => node[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
  if (method === 'head' || !described.content) {
    if (response.text !== '') throw new Error(`${where}: the description gives no body, but one came: ${response.text.slice(0, 200)}`);
    return;
  }
  const type = String(response.headers['content-type'] ?? '').split(';')[0].trim();
  if (!Object.hasOwn(described.content, type)) throw new Error(`${where}: content type ${type}, but the description gives ${Object.keys(described.content).join(', ')}`);
  if (type !== 'application/json') return; // text: the judge's output, the page
  const validate = validator(`${pointer}/content/${escape(type)}/schema`);
  if (!validate(JSON.parse(response.text))) {
    throw new Error(`${where}: the body does not match the description: ${JSON.stringify(validate.errors?.slice(0, 5))}\n${response.text.slice(0, 500)}`);
  }
}
