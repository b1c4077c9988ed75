// Settings of Office conversion: where LibreOffice is, the user it runs as, and its pool of warm processes.
// Listed in schema.ts after rendering, which is docs/config.md's order.
import type { SettingSpec } from '../setting-spec.js';

export const officeSettings: SettingSpec[] = [
  {
    env: 'FOLIO_OFFICE_PATH',
    key: 'officePath',
    type: 'string',
    default: null,
    doc: "LibreOffice's `soffice`. Default: auto-detect Debian's (`/usr/lib/libreoffice/program/soffice`, then `/usr/bin/soffice`). Outside `/usr`, it must be an installation folder of its own, `<folder>/program/soffice` beside `program/soffice.bin` (such as `/opt/libreoffice/program/soffice`): the sandbox shows LibreOffice that folder read-only. Without LibreOffice (and python3-uno) the server still starts and Office conversions answer 503 `office_unavailable` (docs/office.md).",
  },
  {
    env: 'FOLIO_OFFICE_USER',
    key: 'officeUser',
    type: 'string',
    default: 'folio-office',
    doc: 'When Folio runs as root: the unprivileged user LibreOffice runs as (in bubblewrap\'s network and mount namespaces). The set-up creates the system user `folio-office`. When Folio runs as another user, LibreOffice runs as that user in the same namespaces. See docs/office.md, "Sandbox".',
  },
  {
    env: 'FOLIO_OFFICE_POOL_SIZE',
    key: 'officePoolSize',
    type: 'integer',
    default: '2',
    min: 1,
    max: 32,
    doc: 'Warm LibreOffice processes of one worker process: the Office conversions it runs at once (Office jobs also take the worker job slots of `FOLIO_RENDER_CONCURRENCY`). Each holds about 150-250 MiB. Accounts take them in turns; an account whose conversion runs past 2 s no longer takes the last free one, and when other accounts hold every process, an account that runs none gets one more (started for its conversion, closed after).',
  },
  {
    env: 'FOLIO_OFFICE_MAX_CONVERSIONS',
    key: 'officeMaxConversions',
    type: 'integer',
    default: '200',
    min: 1,
    max: 100000,
    doc: 'A LibreOffice process is replaced after this many conversions (it also is after a crash or a conversion past its time limit), which bounds slow leaks and what one document could leave behind for the next.',
  },
  {
    env: 'FOLIO_OFFICE_MEMORY_MB',
    key: 'officeMemoryMb',
    type: 'integer',
    default: '3072',
    min: 1024,
    max: 65536,
    doc: 'Address-space limit (`RLIMIT_AS`) of each LibreOffice process, MiB. A document that needs more fails with `office_conversion_failed` and its process is replaced. LibreOffice reserves about 1.5 GiB of address space before it reads anything.',
  },
];
