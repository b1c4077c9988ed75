// A render pack holds every file of a version in one object, so a worker loads a version with one read.
// Layout: "FOLIOPK1" | uint32 BE header length | header JSON | file bytes concatenated in header order.
// The header lists {path, sha256, size, mime} and offsets are implied by order.

export interface PackEntry {
  path: string;
  sha256: string;
  size: number;
  mime: string;
}

const MAGIC = Buffer.from('FOLIOPK1');

export function encodePackHeader(entries: readonly PackEntry[]): Buffer {
  const json = Buffer.from(JSON.stringify({ files: entries }));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, len, json]);
}

export interface DecodedPack {
  entries: PackEntry[];
  files: Map<string, { body: Buffer; mime: string; sha256: string }>;
}

export function decodePack(buf: Buffer): DecodedPack {
  if (buf.length < 12 || !buf.subarray(0, 8).equals(MAGIC)) throw new Error('not a Folio render pack');
  const headerLen = buf.readUInt32BE(8);
  const header = JSON.parse(buf.subarray(12, 12 + headerLen).toString('utf8')) as { files: PackEntry[] };
  const files = new Map<string, { body: Buffer; mime: string; sha256: string }>();
  let offset = 12 + headerLen;
  for (const e of header.files) {
    const body = buf.subarray(offset, offset + e.size);
    if (body.length !== e.size) throw new Error(`render pack truncated at ${e.path}`);
    files.set(e.path, { body, mime: e.mime, sha256: e.sha256 });
    offset += e.size;
  }
  return { entries: header.files, files };
}
