// A password or passphrase as a client sends it (to open an uploaded PDF or Office document, or a signing
// certificate): text that can be typed and passed on unchanged. A NUL ends the string where a tool takes
// it as a C string (qpdf would open a PDF whose password is the part before it); a lone UTF-16 surrogate
// has no UTF-8 form and would reach the tool rewritten (U+FFFD); in a multipart field, bytes that are not
// UTF-8 (a surrogate's CESU-8 bytes among them) arrive as U+FFFD, which no one types into a password box.
// All three are refused, on every route and encoding (JSON, a multipart field, a header), with a message
// naming the field and never the value.

// With the u flag a string is read by code points: a surrogate pair is one code point, a lone half is Cs.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `value` cannot be the password or passphrase in `field`, or null. */
export function secretTextProblem(value: string, field: string): string | null {
  if (value.includes('\u0000')) return `${field} must not contain a NUL character`;
  if (LONE_SURROGATE.test(value)) return `${field} is not well-formed Unicode (it holds a lone UTF-16 surrogate)`;
  if (value.includes('\uFFFD')) return `${field} is not valid UTF-8 (it holds U+FFFD, what bytes that are not UTF-8 decode to)`;
  return null;
}
