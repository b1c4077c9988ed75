// Settings of e-invoice validation (docs/einvoice.md): the Java runtime and Saxon-HE that run the official
// rule sets, the validator process's memory and time, and the largest XML it takes.
import type { SettingSpec } from '../setting-spec.js';

export const einvoiceSettings: SettingSpec[] = [
  {
    env: 'FOLIO_EINVOICE_JAVA',
    key: 'einvoiceJava',
    type: 'string',
    default: null,
    doc: "The `java` launcher (Java 17 or later) that runs the e-invoice validator. Default: the first `java` on `PATH` (the set-up installs Debian's `default-jre-headless`). Without Java or Saxon-HE the server still starts: e-invoices are embedded unchecked with the warning `einvoice_not_validated`, and `POST /v1/e-invoices/validate` answers 503 `einvoice_validator_unavailable`.",
  },
  {
    env: 'FOLIO_EINVOICE_SAXON_JAR',
    key: 'einvoiceSaxonJar',
    type: 'string',
    default: '/usr/share/java/Saxon-HE.jar',
    doc: "Saxon-HE's jar, the XSLT engine that runs the rule sets (Debian's `libsaxonhe-java`, 9.9).",
  },
  {
    env: 'FOLIO_EINVOICE_MEMORY_MB',
    key: 'einvoiceMemoryMb',
    type: 'integer',
    default: '512',
    min: 128,
    max: 16384,
    doc: 'Java heap of the validator process, MiB. The process also takes about 100 MiB outside its heap. An XML that needs more ends the process (it is started again for the next one) and is refused as `einvoice_invalid`.',
  },
  {
    env: 'FOLIO_EINVOICE_TIMEOUT_MS',
    key: 'einvoiceTimeoutMs',
    type: 'integer',
    default: '30000',
    min: 1000,
    max: 600000,
    doc: "Longest one validation may take, the first one's start of Java and compilation of the rule sets (2-4 s) included; past it the process is killed and the XML refused.",
  },
  {
    env: 'FOLIO_EINVOICE_MAX_BYTES',
    key: 'einvoiceMaxBytes',
    type: 'integer',
    default: '20971520',
    min: 65536,
    max: 268435456,
    doc: "Largest e-invoice XML Folio validates, in bytes (20 MiB by default; a 5,000-line invoice is about 2 MiB). A job's XML also counts toward its plan's `maxAttachmentBytesPerJob`.",
  },
];
