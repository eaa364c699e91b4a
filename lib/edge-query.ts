/**
 * What the public edge keeps of a query string: on each puzzle's path the query fields its HTTP
 * role declares (puzzles/<name>/schema.ts, through the registry), nothing elsewhere; the first
 * value of each, in the order of their names, each encoded as SigV4 canonicalises it (RFC 3986:
 * `/` is %2F, `*` is %2A, a space %20). So every way of writing one question is one cache key and
 * one signed request to the function, and a parameter of no puzzle's costs no invocation.
 *
 * A CloudFront Function does it on every viewer request (cloudfront-js-2.0); its code is written
 * here, as text, and the tests run that very text.
 */
import type { Puzzle } from '../puzzles/puzzle';

/** Most query strings a cache policy may list (a CloudFront quota). */
export const CACHE_POLICY_MAX_QUERY_STRINGS = 10;

/** Each puzzle's path (its name after a slash) and its query fields, sorted by name. */
export function queryFieldsByPath(puzzles: readonly Pick<Puzzle, 'name' | 'http'>[]): Record<string, readonly string[]> {
  return Object.fromEntries(puzzles.map((puzzle) => [`/${puzzle.name}`, Object.keys(puzzle.http.description.query.entries).sort()]));
}

/** Every puzzle's query fields, once each, sorted: the cache policy's allowlist. */
export function allQueryFields(fields: Readonly<Record<string, readonly string[]>>): string[] {
  const all = [...new Set(Object.values(fields).flat())].sort();
  if (all.length > CACHE_POLICY_MAX_QUERY_STRINGS) {
    throw new Error(`The puzzles' query fields are ${all.join(', ')}: more than the ${CACHE_POLICY_MAX_QUERY_STRINGS} a CloudFront cache policy may list.`);
  }
  return all;
}

/**
 * The viewer-request function's code: plain ES5, which every CloudFront Functions runtime runs.
 * Values are decoded first (a `+` is a space, as the function's URLSearchParams reads it; text
 * that does not decode stays as it came), then encoded once, so that a query sent raw, encoded,
 * or encoded differently comes out the same. Whether CloudFront hands a function the values as
 * sent or decoded is not documented; either way the result is the same for every value without a
 * `+` or a `%`, which no puzzle's field holds. A path is looked up as the function's routes look
 * it up, trailing slashes aside.
 */
export function normaliseQueryCode(fields: Readonly<Record<string, readonly string[]>>): string {
  return `var FIELDS = ${JSON.stringify(fields)};

function encode(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, function (c) {
    return '%' + c.charCodeAt(0).toString(16).toUpperCase();
  });
}

function decode(text) {
  try {
    return decodeURIComponent(text.replace(/\\+/g, ' '));
  } catch (e) {
    return text;
  }
}

function handler(event) {
  var request = event.request;
  var path = request.uri.replace(/\\/+$/, '') || '/';
  var names = Object.prototype.hasOwnProperty.call(FIELDS, path) ? FIELDS[path] : [];
  var query = request.querystring || {};
  var kept = [];
  for (var i = 0; i < names.length; i++) {
    if (!Object.prototype.hasOwnProperty.call(query, names[i])) continue;
    var entry = query[names[i]];
    var value = entry.multiValue && entry.multiValue.length > 0 ? entry.multiValue[0].value : entry.value;
    kept.push(encode(names[i]) + '=' + encode(decode(value === undefined ? '' : String(value))));
  }
  request.querystring = kept.join('&');
  return request;
}
`;
}
