/**
 * Quotes what a client sent inside an error message: invisible and control characters are shown
 * as escapes, and long input is cut, so the message stays one readable line.
 */
const MAX_SHOWN = 40;

export function printable(text: string): string {
  const chars = [...text];
  const shown = chars
    .slice(0, MAX_SHOWN)
    .map((ch) => (/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u.test(ch) ? `\\u{${ch.codePointAt(0)!.toString(16)}}` : ch));
  return shown.join('') + (chars.length > MAX_SHOWN ? '…' : '');
}
