// Invoices for bench/einvoice.ts: typical fixtures as they are, and large ones built from business case
// 01.01a of the KoSIT XRechnung test suite (standard-rated 7 % VAT, no allowances, no prepayment) by
// replacing its two lines with many lines of distinct ids, products and prices and recomputing every total,
// so that they stay valid (the bench checks that they are: timing the findings of a broken invoice would
// measure the wrong thing). Line total = Σ line net amounts = tax basis; VAT = basis × 7 % rounded to the cent
// (BR-CO-17); grand total = amount due = basis + VAT.
import { readFileSync } from 'node:fs';

const fixture = (p: string) => readFileSync(new URL(`../../test/fixtures/einvoice/${p}`, import.meta.url));
const BUSINESS_CASE = 'xrechnung-testsuite/business-cases/standard/01.01a-INVOICE';

export const TYPICAL: Array<{ name: string; xml: Buffer }> = [
  { name: 'Factur-X EN 16931, CII (factur-x-en16931.xml)', xml: fixture('factur-x/factur-x-en16931.xml') },
  { name: 'XRechnung 3.0 CII (business case 01.01a)', xml: fixture(`${BUSINESS_CASE}_uncefact.xml`) },
  { name: 'XRechnung 3.0 UBL (business case 01.01a)', xml: fixture(`${BUSINESS_CASE}_ubl.xml`) },
];

/** The Factur-X EN 16931 invoice as a string (its BOM dropped), for render jobs: a Factur-X PDF embeds CII. */
export const FACTURX_EN16931 = TYPICAL[0]!.xml.toString('utf8').replace(/^\uFEFF/, '');

const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

const ciiLine = (i: number, price: string, description: string) =>
  `<ram:IncludedSupplyChainTradeLineItem>
            <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
            <ram:SpecifiedTradeProduct><ram:SellerAssignedID>ART-${100000 + i}</ram:SellerAssignedID><ram:Name>Artikel ${i + 1}</ram:Name>${description ? `<ram:Description>${description}</ram:Description>` : ''}</ram:SpecifiedTradeProduct>
            <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${price}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
            <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="XPP">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
            <ram:SpecifiedLineTradeSettlement>
                <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:ApplicableTradeTax>
                <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${price}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
            </ram:SpecifiedLineTradeSettlement>
        </ram:IncludedSupplyChainTradeLineItem>`;

const ublLine = (i: number, price: string, description: string) =>
  `<cac:InvoiceLine>
        <cbc:ID>${i + 1}</cbc:ID>
        <cbc:InvoicedQuantity unitCode="XPP">1</cbc:InvoicedQuantity>
        <cbc:LineExtensionAmount currencyID="EUR">${price}</cbc:LineExtensionAmount>
        <cac:Item>${description ? `<cbc:Description>${description}</cbc:Description>` : ''}<cbc:Name>Artikel ${i + 1}</cbc:Name><cac:SellersItemIdentification><cbc:ID>ART-${100000 + i}</cbc:ID></cac:SellersItemIdentification>
            <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>7</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
        </cac:Item>
        <cac:Price><cbc:PriceAmount currencyID="EUR">${price}</cbc:PriceAmount></cac:Price>
    </cac:InvoiceLine>`;

const PAD = 'Zeitschrift Inland, Abonnement 2016. ';

export interface LargeInvoice {
  xml: Buffer;
  lines: number;
}

/**
 * Business case 01.01a (`syntax` CII or UBL) with `lines` lines; with `bytes` as well, each line's product
 * gets a description long enough for the document to come to about that size (when the bare lines leave
 * room). With `bytes` alone: as many bare lines as make about that size.
 */
export function largeInvoice(syntax: 'CII' | 'UBL', size: { lines?: number; bytes?: number }): LargeInvoice {
  const text = fixture(`${BUSINESS_CASE}_${syntax === 'CII' ? 'uncefact' : 'ubl'}.xml`).toString('utf8');
  const [open, close, line] =
    syntax === 'CII'
      ? ['<ram:IncludedSupplyChainTradeLineItem>', '</ram:IncludedSupplyChainTradeLineItem>', ciiLine]
      : ['<cac:InvoiceLine>', '</cac:InvoiceLine>', ublLine];
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close) + close.length;
  const skeleton = text.length - (end - start);
  const perLine = Buffer.byteLength(line(9999, '123.45', '')) + 9;
  const lines = size.lines ?? Math.max(1, Math.floor(((size.bytes ?? 0) - skeleton) / perLine));
  const prices = Array.from({ length: lines }, (_, i) => 100 + ((i * 7919) % 50_000)); // 1.00 … 500.99 EUR, in cents
  const build = (pad: number) => {
    const description = PAD.repeat(pad).trim();
    return text.slice(0, start) + prices.map((p, i) => line(i, cents(p), description)).join('\n        ') + text.slice(end);
  };
  const bare = Buffer.byteLength(build(0));
  const pad = size.lines !== undefined && size.bytes !== undefined ? Math.max(0, Math.round((size.bytes - bare) / lines / PAD.length)) : 0;
  let xml = build(pad);
  const basis = prices.reduce((a, b) => a + b, 0);
  const tax = Math.round((basis * 7) / 100);
  const totals: Array<[RegExp, number]> =
    syntax === 'CII'
      ? [
          [/(<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>)[^<]*/, tax],
          [/(<ram:BasisAmount>)[^<]*/, basis],
          [/(<ram:SpecifiedTradeSettlementHeaderMonetarySummation>\s*<ram:LineTotalAmount>)[^<]*/, basis],
          [/(<ram:TaxBasisTotalAmount>)[^<]*/, basis],
          [/(<ram:TaxTotalAmount currencyID="EUR">)[^<]*/, tax],
          [/(<ram:GrandTotalAmount>)[^<]*/, basis + tax],
          [/(<ram:DuePayableAmount>)[^<]*/, basis + tax],
        ]
      : [
          [/(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">)[^<]*/, tax],
          [/(<cbc:TaxableAmount currencyID="EUR">)[^<]*/, basis],
          [/(<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">)[^<]*/, tax],
          [/(<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID="EUR">)[^<]*/, basis],
          [/(<cbc:TaxExclusiveAmount currencyID="EUR">)[^<]*/, basis],
          [/(<cbc:TaxInclusiveAmount currencyID="EUR">)[^<]*/, basis + tax],
          [/(<cbc:PayableAmount currencyID="EUR">)[^<]*/, basis + tax],
        ];
  for (const [re, amount] of totals) {
    if (!re.test(xml)) throw new Error(`large invoice: ${re} is not in business case 01.01a (${syntax})`);
    xml = xml.replace(re, `$1${cents(amount)}`);
  }
  return { xml: Buffer.from(xml, 'utf8'), lines };
}
