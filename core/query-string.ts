/**
 * A query string encoded as SigV4 canonicalises one (RFC 3986): every byte but A-Z a-z 0-9 - _ . ~
 * is percent-encoded, so `/` is %2F, `*` is %2A and a space %20. `encodeURIComponent` leaves
 * `! ' ( ) *` as they are and URLSearchParams leaves `*` and writes a space as `+`: a request
 * written either way reaches a signed origin in a form its signature did not cover, which the
 * public edge's origin access control and a Function URL's IAM auth may treat differently. The page
 * and `npm run ask` write every query this way; the edge rewrites what others send to the same.
 */

/** RFC 3986 encoding, as SigV4 canonicalises names and values: everything but A-Z a-z 0-9 - _ . ~. */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `name=value&...` in the order given, each name and value encoded as SigV4 encodes it. */
export function queryString(fields: Iterable<readonly [string, string | number]> | Readonly<Record<string, string | number>>): string {
  const entries = Symbol.iterator in fields ? [...(fields as Iterable<readonly [string, string | number]>)] : Object.entries(fields);
  return entries.map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(String(value))}`).join('&');
}
