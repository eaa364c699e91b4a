/**
 * The question as the public edge forwards it: in the path, not the query string. Its
 * viewer-request function (lib/edge-query.ts) turns `/<puzzle>?<fields>` into
 * `/<puzzle>/~<base64url of the puzzle's own fields, in a normal order>` with no query string, so
 * that the path alone is the cache key (the managed cache policy of CloudFront's Free and Pro
 * plans keys on no query field of ours). Here the path becomes `/<puzzle>` and the decoded text
 * its query again; a request without `/~` is read as it came, as the IAM URL and `npm start`'s
 * local URL are asked.
 */
import { InvalidInputError } from '../core/errors';

/** What separates a path from the question the edge put after it. */
export const QUESTION_IN_PATH = '/~';

/** `<path>/~<token>`, the last segment; `~` also as `%7E`, should anything on the way have encoded it (RFC 3986 leaves it as it is). */
const IN_PATH = /^(.*)\/(?:~|%7[Ee])([^/]*)$/s;

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The path and the raw query string of a request: the question after `/~` when the path holds
 * one, else the query string as it came. A path with a question and a query string too, or a
 * question that is not base64url of UTF-8 text, is refused (400).
 */
export function questionFromPath(rawPath: string, rawQueryString: string): { path: string; query: string } {
  const match = IN_PATH.exec(rawPath);
  if (!match) return { path: rawPath, query: rawQueryString };
  const [, path, token] = match;
  if (rawQueryString !== '') {
    throw new InvalidInputError('A question written into the path (after /~) comes without a query string, and this request has both: ask with the query string alone, as in /<puzzle>?field=value.');
  }
  const bytes = Buffer.from(token, 'base64url');
  // Node skips what is not base64url: the text must be exactly the encoding of what it decodes to.
  let text: string | undefined;
  if (bytes.toString('base64url') === token) {
    try {
      text = UTF8.decode(bytes);
    } catch {
      text = undefined;
    }
  }
  if (text === undefined) {
    throw new InvalidInputError('The question after /~ in the path is not a query string written in base64url (A-Z, a-z, 0-9, - and _, no padding): ask with the query string itself, as in /<puzzle>?field=value.');
  }
  return { path: path || '/', query: text };
}
