// What `folio init --engine docx` writes: a Word invoice template (a DOCX with +++ commands: the customer,
// a table row repeated per line, a condition, Folio's helpers), its sample payload and payload schema. The DOCX is built
// here, as a zip of stored (uncompressed) parts: the CLI package carries no zip library.

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const run = (text: string, bold = false) => `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const para = (text: string, opts: { bold?: boolean; size?: number; right?: boolean } = {}) =>
  `<w:p><w:pPr>${opts.right ? '<w:jc w:val="right"/>' : ''}${opts.size ? `<w:rPr><w:sz w:val="${opts.size}"/></w:rPr>` : ''}</w:pPr>${
    opts.size
      ? `<w:r><w:rPr>${opts.bold ? '<w:b/>' : ''}<w:sz w:val="${opts.size}"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`
      : run(text, opts.bold)
  }</w:p>`;
const WIDTHS = [4600, 1400, 1500, 1500];
const cell = (text: string, i: number, bold = false) =>
  `<w:tc><w:tcPr><w:tcW w:w="${WIDTHS[i]}" w:type="dxa"/></w:tcPr><w:p>${i > 0 ? '<w:pPr><w:jc w:val="right"/></w:pPr>' : ''}${run(text, bold)}</w:p></w:tc>`;
const row = (texts: string[], bold = false) => `<w:tr>${texts.map((t, i) => cell(t, i, bold)).join('')}</w:tr>`;

const BORDER = '<w:bottom w:val="single" w:sz="4" w:color="D7DDE3"/><w:insideH w:val="single" w:sz="4" w:color="D7DDE3"/>';
const DOCUMENT = `${XML_HEAD}<w:document xmlns:w="${W}"><w:body>
${para('Invoice +++invoice.number+++', { bold: true, size: 40 })}
${para('+++customer.name+++')}
${para('+++customer.address+++')}
${para('Date: +++formatDate(invoice.date, "long")+++   Due: +++formatDate(invoice.due, "long")+++')}
<w:tbl><w:tblPr><w:tblW w:w="${WIDTHS.reduce((a, b) => a + b)}" w:type="dxa"/><w:tblBorders>${BORDER}</w:tblBorders></w:tblPr>
<w:tblGrid>${WIDTHS.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>
${row(['Description', 'Quantity', 'Unit price', 'Amount'], true)}
${row(['+++FOR line IN lines+++', '', '', ''])}
${row(['+++$line.description+++', '+++formatNumber($line.quantity)+++', '+++formatCurrency($line.unitPrice, currency)+++', '+++formatCurrency($line.quantity * $line.unitPrice, currency)+++'])}
${row(['+++END-FOR line+++', '', '', ''])}
</w:tbl>
${para('Total: +++formatCurrency(lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0), currency)+++', { bold: true, right: true })}
${para('+++IF note+++')}
${para('Note: +++note+++')}
${para('+++END-IF+++')}
${para('+++plural(lines.length, "line")+++. Thank you for your business.')}
<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr>
</w:body></w:document>`;

const PARTS: Record<string, string> = {
  '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  '_rels/.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  'word/document.xml': DOCUMENT,
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip of `files`, each stored as it is (method 0), with the fixed date 1 January 2026. */
function storedZip(files: Record<string, Buffer>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const DOS_TIME = 0;
  const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const [name, body] of Object.entries(files)) {
    const n = Buffer.from(name, 'utf8');
    const crc = crc32(body);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6);
    head.writeUInt16LE(0, 8);
    head.writeUInt16LE(DOS_TIME, 10);
    head.writeUInt16LE(DOS_DATE, 12);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(body.length, 18);
    head.writeUInt32LE(body.length, 22);
    head.writeUInt16LE(n.length, 26);
    local.push(head, n, body);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(0, 10);
    dir.writeUInt16LE(DOS_TIME, 12);
    dir.writeUInt16LE(DOS_DATE, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(body.length, 24);
    dir.writeUInt16LE(n.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, n);
    offset += head.length + n.length + body.length;
  }
  const size = central.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, ...central, end]);
}

const SAMPLE = {
  locale: 'en-US',
  currency: 'EUR',
  invoice: { number: 'INV-2026-0001', date: '2026-11-27', due: '2026-12-27' },
  customer: { name: 'Blue Harbor Logistics Ltd.', address: '12 Quay Street, Dublin' },
  note: 'Payable by bank transfer within 30 days.',
  lines: [
    { description: 'Template design', quantity: 4, unitPrice: 95 },
    { description: 'PDF rendering (1,000 documents)', quantity: 1, unitPrice: 49.5 },
  ],
};

/** What the template reads, as the payload schema a commit compiles and each job's payload is checked against. */
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['currency', 'invoice', 'customer', 'lines'],
  properties: {
    locale: { type: 'string' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    invoice: {
      type: 'object',
      required: ['number', 'date', 'due'],
      properties: { number: { type: 'string' }, date: { type: 'string', format: 'date' }, due: { type: 'string', format: 'date' } },
    },
    customer: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, address: { type: 'string' } },
    },
    note: { type: 'string' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['description', 'quantity', 'unitPrice'],
        properties: { description: { type: 'string' }, quantity: { type: 'number' }, unitPrice: { type: 'number' } },
      },
    },
  },
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The files of a new Word template folder, by path. */
export function wordScaffold(): Record<string, string | Buffer> {
  const parts = Object.fromEntries(Object.entries(PARTS).map(([k, v]) => [k, Buffer.from(v, 'utf8')]));
  return { 'invoice.docx': storedZip(parts), 'sample-payload.json': json(SAMPLE), 'payload.schema.json': json(SCHEMA) };
}
