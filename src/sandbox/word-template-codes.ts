// qrCode and barcode in Word templates (docs/office-templates.md "QR codes and barcodes"). Inside the
// commands' script context they answer only a description of the symbol (plain data: what to encode and
// how wide); what an IMAGE command gives back is drawn here, in the sandbox thread, by bwip-js with the
// same sizing as the HTML languages (domain/deploys/template-codes.ts): an SVG picture, which Word and
// LibreOffice print as vectors, with a PNG of it for readers without SVG support.
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { TEMPLATE_CODES_SOURCE } from '../domain/deploys/template-codes.js';

const require = createRequire(import.meta.url);

/**
 * Runs in the commands' context (sandbox/word-context.ts) after its setup: qrCode(text, widthCm = 3,
 * ecLevel = "M") and barcode(type, text, widthCm?, options?) as globals (unless a payload field has the
 * name) and as folio.qrCode / folio.barcode.
 */
export const WORD_CODES_SETUP = String.raw`(function (g) {
  'use strict';
  function width(v, what) {
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number' || !(v > 0) || v > 100) throw new Error(what + ' width must be a number of centimetres; got ' + JSON.stringify(v));
    return v;
  }
  function text(v, what) {
    if (v === undefined || v === null || String(v) === '') throw new Error(what + ': no text to encode');
    return String(v);
  }
  var codes = {
    qrCode: function (value, widthCm, ecLevel) {
      return { folioCode: { type: 'qrcode', text: text(value, 'qrCode'), options: 'eclevel=' + (ecLevel === undefined ? 'M' : String(ecLevel)) }, width: width(widthCm, 'qrCode') || 3 };
    },
    barcode: function (type, value, widthCm, options) {
      return { folioCode: { type: String(type), text: text(value, 'barcode'), options: options === undefined || options === null ? '' : String(options) }, width: width(widthCm, 'barcode') };
    }
  };
  Object.keys(codes).forEach(function (k) {
    if (g.folio) g.folio[k] = codes[k];
    if (!Object.prototype.hasOwnProperty.call(g, k)) g[k] = codes[k];
  });
})(this)`;

/** What qrCode() / barcode() answered in a command, copied out of the context. */
export interface WordCode {
  folioCode: { type: string; text: string; options: string };
  width: number | null;
}

export const isWordCode = (v: unknown): v is WordCode =>
  typeof v === 'object' && v !== null && typeof (v as WordCode).folioCode === 'object' && (v as WordCode).folioCode !== null;

interface Bwip {
  toSVG(o: Record<string, unknown>): string;
  toBuffer(o: Record<string, unknown>): Promise<Buffer>;
}
type Draw = (type: string, text: string, spec: string) => { svg: string; width: number; height: number; options: Record<string, unknown> };

let drawer: { bwip: Bwip; draw: Draw } | null = null;
function codes(): { bwip: Bwip; draw: Draw } {
  if (!drawer) {
    const bwip = require('bwip-js') as Bwip;
    // Folio's own sizing code (a constant of this program, not a template's), in this realm.
    const make = vm.runInThisContext(`(${TEMPLATE_CODES_SOURCE})`, { filename: 'template-codes' }) as (b: Bwip) => { draw: Draw };
    drawer = { bwip, draw: make(bwip).draw };
  }
  return drawer;
}

/** Pixels per module of the PNG beside the SVG: enough for a 600 dpi print of a usual size. */
const PNG_SCALE = 6;

/** The image an IMAGE command inserts for a code: the SVG at the asked width (cm; else its own), its PNG as the fallback. */
export async function wordCodeImage(
  code: WordCode,
): Promise<{ width: number; height: number; data: string; extension: '.svg'; thumbnail: { data: string; extension: '.png' } }> {
  const { bwip, draw } = codes();
  const d = draw(code.folioCode.type, code.folioCode.text, code.folioCode.options);
  const width = code.width ?? d.width / 10;
  const png = await bwip.toBuffer({ ...d.options, scale: PNG_SCALE });
  return {
    width,
    height: (width * d.height) / d.width,
    data: Buffer.from(d.svg).toString('base64'),
    extension: '.svg',
    thumbnail: { data: png.toString('base64'), extension: '.png' },
  };
}
