// Hostile PDFs built by the tests themselves, small on disk and huge once read: a page tree whose every
// node lists the next one twice (2^levels pages claimed), an object stream that inflates to `mib` MiB, and a
// file of many content streams that each inflate to 256 MiB.
import { deflateSync } from 'node:zlib';

/** A classic PDF from object bodies (object n is bodies[n-1]) with a correct cross-reference table. */
export function pdfFromObjects(bodies: Array<string | Buffer>, rootObject = 1): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    const b = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    offsets.push(offset);
    offset += b.length;
    parts.push(b);
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root ${rootObject} 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const page = (parent: number) => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 200 200] >>`;

/** A page tree of `levels` levels, each node listing the next one twice: 2^levels pages claimed, ~100 bytes a level. */
export function pageTreeBomb(levels: number): Buffer {
  // 1: catalog; 2..levels+1: the nodes (2 is the root /Pages); levels+2: the one page every path ends at.
  const bodies: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let l = 0; l < levels; l++) {
    const self = l + 2;
    const kid = self + 1;
    const parent = l === 0 ? '' : `/Parent ${self - 1} 0 R `;
    bodies.push(`<< /Type /Pages ${parent}/Kids [${kid} 0 R ${kid} 0 R] /Count ${2 ** (levels - l)} >>`);
  }
  bodies.push(page(levels + 1));
  return pdfFromObjects(bodies);
}

/** A stream object body inflating to `inflated` bytes of `fill`. */
function flateStream(dict: string, inflated: Buffer): Buffer {
  const data = deflateSync(inflated, { level: 9 });
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
}

/** A one-page PDF with an object stream that inflates to `mib` MiB (one object, then spaces). */
export function objectStreamBomb(mib: number): Buffer {
  const head = Buffer.from('5 0 ');
  const content = Buffer.alloc(mib * 1024 * 1024, 0x20);
  head.copy(content);
  Buffer.from('<< /Bomb true >>').copy(content, head.length);
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(2),
    flateStream(`/Type /ObjStm /N 1 /First ${head.length}`, content),
  ]);
}

/** A one-page PDF whose page has `streams` content streams, each inflating to 256 MiB (~256 KiB each on disk). */
export function contentStreamBomb(streams: number): Buffer {
  const one = flateStream('', Buffer.alloc(256 * 1024 * 1024, 0x20));
  const bodies: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents [${Array.from({ length: streams }, (_, i) => `${i + 4} 0 R`).join(' ')}] >>`,
  ];
  for (let i = 0; i < streams; i++) bodies.push(one);
  return pdfFromObjects(bodies);
}
