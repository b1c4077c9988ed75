// Word templates: a version whose entry is a DOCX with commands (`+++INS total+++`, `+++FOR line IN
// lines+++`, `+++IF paid+++`, `+++IMAGE image("logo.png", 4)+++`) filled from the job's payload, then
// converted to PDF by the office engine. Declared with `render.engine: "docx"` at commit; a .docx entry
// without it is a document converted as it is. The commands are parsed at commit and run at fill time,
// both in the sandbox (sandbox/word-template-check.ts, sandbox/word-template.ts).

/** The value of `render.engine` (and of deploy_versions.engine) that makes a DOCX entry a template. */
export const WORD_TEMPLATE_ENGINE = 'docx';
export type WordTemplateEngine = typeof WORD_TEMPLATE_ENGINE;

/** The extensions a Word template's entry may have. */
export const WORD_TEMPLATE_EXTENSIONS: readonly string[] = ['.docx'];

/** What opens and closes a command, the library's own default. */
export const WORD_COMMAND_DELIMITER = '+++';

/** Bundle files a template's image() helper may name: their extensions. */
export const WORD_IMAGE_EXTENSIONS: readonly string[] = ['.png', '.jpg', '.jpeg', '.gif'];

/** All of a version's images handed to a fill, together (the entry itself is a blob, at most 10 MiB). */
export const MAX_WORD_IMAGE_BYTES = 20 * 1024 * 1024;

/** A template's parts (document, headers, footers) unpacked, together: more is refused as a zip bomb. */
export const MAX_WORD_XML_BYTES = 64 * 1024 * 1024;

export const isWordTemplatePath = (path: string) => WORD_TEMPLATE_EXTENSIONS.some((e) => path.toLowerCase().endsWith(e));
export const isWordImagePath = (path: string) => WORD_IMAGE_EXTENSIONS.some((e) => path.toLowerCase().endsWith(e));
