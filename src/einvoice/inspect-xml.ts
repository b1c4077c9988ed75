// What an e-invoice's bytes say of themselves before any rule set runs: UTF-8 without a DOCTYPE, within the
// size limit, a root element of CII or UBL, and the guideline (CII) or customization (UBL) id that names its
// profile. Read by patterns on the text, not by a parser: the validator process parses it (and refuses what
// is not well-formed); here nothing of an untrusted document is expanded or fetched.
import {
  CII_NS,
  UBL_CREDIT_NOTE_NS,
  UBL_INVOICE_NS,
  profileOfGuideline,
  type EInvoiceProfile,
  type EInvoiceSyntax,
} from '../domain/einvoice/einvoice-profiles.js';
import { EInvoiceError } from './einvoice-error.js';

export interface InspectedEInvoice {
  syntax: EInvoiceSyntax;
  /** The UBL document type (a CII invoice is 'Invoice' here too). */
  documentType: 'Invoice' | 'CreditNote';
  /** The guideline or customization id as written, or null when there is none. */
  guideline: string | null;
  /** The profile that id names, or null. */
  declaredProfile: EInvoiceProfile | null;
}

const NAME = '[A-Za-z_][\\w.-]*';
const ROOT = new RegExp(`^(?:\\s|<\\?[\\s\\S]*?\\?>|<!--[\\s\\S]*?-->)*<((?:${NAME}:)?${NAME})((?:\\s[^>]*)?)/?>`);
const GUIDELINE = new RegExp(
  `<(?:${NAME}:)?GuidelineSpecifiedDocumentContextParameter\\b[^>]*>\\s*(?:<!--[\\s\\S]*?-->\\s*)*<(?:${NAME}:)?ID\\b[^>]*>([^<]*)<`,
);
const CUSTOMIZATION = new RegExp(`<(?:${NAME}:)?CustomizationID\\b[^>]*>([^<]*)<`);

const unescape = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!).trim();

/** The facts of an e-invoice's bytes, or an EInvoiceError of kind `input` saying why it is not one. */
export function inspectEInvoice(xml: Uint8Array, maxBytes: number, field = 'xml'): InspectedEInvoice {
  const refuse = (why: string) => new EInvoiceError('input', `${field} ${why}`, field);
  if (xml.length === 0) throw refuse('is empty');
  if (xml.length > maxBytes) throw refuse(`is ${xml.length} bytes, more than the ${maxBytes} an e-invoice may have`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(xml);
  } catch {
    throw refuse('is not UTF-8');
  }
  // A DTD can declare entities that expand without bound or read files; no CII or UBL invoice has one.
  if (/<!DOCTYPE/i.test(text)) throw refuse('must not contain a DOCTYPE');
  const root = ROOT.exec(text);
  if (!root) throw refuse('has no root element');
  const [qname, attrs] = [root[1]!, root[2] ?? ''];
  const colon = qname.indexOf(':');
  const [prefix, local] = colon >= 0 ? [qname.slice(0, colon), qname.slice(colon + 1)] : ['', qname];
  const nsAttr = prefix ? `xmlns:${prefix}` : 'xmlns';
  const ns = new RegExp(`(?:^|\\s)${nsAttr.replace(/\./g, '\\.')}\\s*=\\s*(["'])(.*?)\\1`).exec(attrs)?.[2];
  let syntax: EInvoiceSyntax;
  let documentType: 'Invoice' | 'CreditNote' = 'Invoice';
  if (local === 'CrossIndustryInvoice' && ns === CII_NS) syntax = 'CII';
  else if (local === 'Invoice' && ns === UBL_INVOICE_NS) syntax = 'UBL';
  else if (local === 'CreditNote' && ns === UBL_CREDIT_NOTE_NS) [syntax, documentType] = ['UBL', 'CreditNote'];
  else
    throw refuse(
      `has the root element <${qname}> in ${ns ? `the namespace ${ns}` : 'no namespace'}: an e-invoice is a CII CrossIndustryInvoice (${CII_NS}) or a UBL 2.1 Invoice or CreditNote`,
    );
  const m = (syntax === 'CII' ? GUIDELINE : CUSTOMIZATION).exec(text);
  const guideline = m ? unescape(m[1]!) : null;
  return { syntax, documentType, guideline, declaredProfile: guideline === null ? null : profileOfGuideline(guideline) };
}
