/**
 * What the public edge makes of a request before its cache and the function see it: on each
 * puzzle's path the query fields its HTTP role declares (puzzles/<name>/schema.ts, through the
 * registry), in the order of their names (a repeated one's values in the order given), each encoded as SigV4
 * canonicalises it (RFC 3986: `/` is %2F, `*` is %2A, a space %20); that query, base64url, goes
 * into the path (`/<puzzle>/~<base64url>`) and the query string is emptied. So every way of writing
 * one question is one path, and the path alone is the cache key: CloudFront's flat-rate Free and
 * Pro plans take only AWS-managed cache policies, none of which keys on a list of query fields
 * of our own. A parameter of no puzzle's costs no invocation; the function reads the question
 * back from the path (lambda/edge-question.ts).
 *
 * A CloudFront Function does it on every viewer request (cloudfront-js-2.0); its code is written
 * here, as text, and the tests run that very text.
 */
import { QUESTION_IN_PATH } from '../lambda/edge-question';
import type { Puzzle } from '../puzzles/puzzle';

/** Each puzzle's path (its name after a slash) and its query fields, sorted by name. */
export function queryFieldsByPath(puzzles: readonly Pick<Puzzle, 'name' | 'http'>[]): Record<string, readonly string[]> {
  return Object.fromEntries(puzzles.map((puzzle) => [`/${puzzle.name}`, Object.keys(puzzle.http.description.query.entries).sort()]));
}

/**
 * The viewer-request function's code: plain ES5, which every CloudFront Functions runtime runs.
 * Values are decoded first (a `+` is a space, as the function's URLSearchParams reads it; text
 * that does not decode stays as it came), then encoded once, so that a query sent raw, encoded,
 * or encoded differently comes out the same. Whether CloudFront hands a function the values as
 * sent or decoded is not documented; either way the result is the same for every value without a
 * `+` or a `%`, which no puzzle's field holds. A path is looked up as the function's routes look
 * it up, trailing slashes aside.
 *
 * The question goes into the path as base64url without padding: only `A-Za-z0-9-_`, which no
 * signature or path normalisation encodes or decodes, whatever the origin access control does to
 * a path. The canonical query is ASCII (every other character is percent-encoded), so each of
 * its characters is one byte. The viewer's Origin header goes from GET and HEAD requests: the
 * managed cache policy of the Free and Pro plans keys on it, and the function reads none.
 */
export function normaliseQueryCode(fields: Readonly<Record<string, readonly string[]>>): string {
  return `var FIELDS = ${JSON.stringify(fields)};
var BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

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

// A field as name=value, encoded; undefined for a value no URL can carry (a lone UTF-16 surrogate,
// which encodeURIComponent refuses): dropped, as a field of no puzzle's would be.
function encoded(name, value) {
  try {
    return encode(name) + '=' + encode(decode(value));
  } catch (e) {
    return undefined;
  }
}

function base64url(ascii) {
  var out = '';
  for (var i = 0; i < ascii.length; i += 3) {
    var left = ascii.length - i;
    var n = (ascii.charCodeAt(i) << 16) | (left > 1 ? ascii.charCodeAt(i + 1) << 8 : 0) | (left > 2 ? ascii.charCodeAt(i + 2) : 0);
    out += BASE64URL.charAt((n >> 18) & 63) + BASE64URL.charAt((n >> 12) & 63);
    if (left > 1) out += BASE64URL.charAt((n >> 6) & 63);
    if (left > 2) out += BASE64URL.charAt(n & 63);
  }
  return out;
}

function handler(event) {
  var request = event.request;
  var path = request.uri.replace(/\\/+$/, '') || '/';
  // A question already in the path is the edge's own form: a viewer's is dropped, so that only
  // the query's own fields, as this function writes them, ever make a cache key.
  var written = path.indexOf('${QUESTION_IN_PATH}');
  if (written >= 0) request.uri = path = path.slice(0, written) || '/';
  var names = Object.prototype.hasOwnProperty.call(FIELDS, path) ? FIELDS[path] : [];
  var query = request.querystring || {};
  var kept = [];
  for (var i = 0; i < names.length; i++) {
    if (!Object.prototype.hasOwnProperty.call(query, names[i])) continue;
    var entry = query[names[i]];
    // Every value of a repeated field, in the order given: the function refuses a repeated
    // parameter rather than choose one, behind the edge as without it.
    var values = entry.multiValue && entry.multiValue.length > 0 ? entry.multiValue : [entry];
    for (var j = 0; j < values.length; j++) {
      var field = encoded(names[i], values[j].value === undefined ? '' : String(values[j].value));
      if (field !== undefined) kept.push(field);
    }
  }
  if (kept.length > 0) request.uri = path + '${QUESTION_IN_PATH}' + base64url(kept.join('&'));
  request.querystring = {};
  if ((request.method === 'GET' || request.method === 'HEAD') && request.headers) delete request.headers.origin;
  return request;
}
`;
}
