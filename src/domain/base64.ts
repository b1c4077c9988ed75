// Padded RFC 4648 base64 as clients send it (payloadBase64, attachment content, inline files). Checked
// without a repeated group: /^(?:[A-Za-z0-9+/]{4})*…$/ overflows V8's regexp stack on strings of ~8 MiB,
// which turned a large but allowed attachment into a 500.
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;

export function isBase64(s: string): boolean {
  return s.length % 4 === 0 && BASE64_CHARS.test(s);
}

/** The number of bytes a valid base64 string decodes to. */
export function base64ByteLength(s: string): number {
  return (s.length / 4) * 3 - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0);
}
