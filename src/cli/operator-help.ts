// The operator commands' help, apart from operator.ts so that `folio --help` does not load the whole app.
import { SCOPES } from '../domain/accounts/scopes.js';

/** Where an entry's description starts, and the widest line (as the hand-written entries are laid out). */
const DESCRIPTION_COLUMN = 50;
const WIDTH = 112;

/** A description broken into lines at commas and spaces, continuation lines indented to the column. */
function wrapDescription(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && DESCRIPTION_COLUMN + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(DESCRIPTION_COLUMN)}`);
}

// The scopes come from the one list the server checks keys against, so the help cannot miss a new one.
const keysCreateDescription = wrapDescription(`create an API key (scopes: ${SCOPES.join(', ')}; default all)`);

export const operatorHelp = `Operator commands (act on FOLIO_DATABASE_URL directly; each names the database and data dir it uses on stderr):
  folio migrate                                   apply pending database migrations; creates the database
                                                  (or the PostgreSQL schema) when there is none
  folio accounts create --name N [--plan P]       create an account; prints its id and a new API key
  folio accounts list                             list accounts
  folio keys create --account A [--scopes S,...]  ${keysCreateDescription}
  folio keys list --account A                     list API keys (prefix and last 4 only)
  folio keys revoke KEY_ID                        revoke an API key (every api process refuses it within 1 s)
  folio keys scopes KEY_ID --scopes S,...         replace an API key's scopes (those of keys create; effective
                                                  within 1 s)
  folio plans list                                list plans and their policies
  folio plans set --account A --plan P            change an account's plan (effective within 1 s)
  folio secrets reveal [--account A] [--deploy D] print the webhook signing secret in effect (last token of
                                                  stdout); default account: the bootstrap account
  folio doctor [--json]                           check Chromium, fonts, database, blob store, public URL,
                                                  keys and disk; one line each with the fix (exit 1 on a fail)
  accounts, keys, plans and secrets refuse to create a database where there is none (exit code 2);
  add --create to start a new installation with them.`;

export const doctorHelp = `Usage: folio doctor [--json]

Checks this installation with the server's settings (FOLIO_* environment) and prints one line per check,
ok, warn or fail, with the fix for anything not ok:
  config            the settings parse
  database          it exists and answers (doctor never creates one)
  migrations        current, or pending (run \`folio migrate\`)
  blob store        writes, reads back and deletes a probe object (files or S3)
  public URL        FOLIO_PUBLIC_URL set; https for an address other machines use
  secrets key       FOLIO_SECRETS_KEY, or the generated data/secrets.key (embedded mode); never printed
  signing key       FOLIO_SIGNING_KEY, or the generated data/signing.key (embedded mode); never printed
  disk              free space in the data dir (warn under 1 GiB, fail under 100 MiB)
  fonts             the families the set-up installs (fc-list)
  chromium          which binary, why that one, its version
  chromium sandbox  on, as which user; or off (FOLIO_CHROMIUM_NO_SANDBOX)
  chromium print    starts Chromium as a worker would and prints a one-page PDF

  --json   the checks as JSON on stdout: {"ok": bool, "checks": [{name, status, detail, fix?}]}

Exit code: 0 when nothing failed (warnings alone included), 1 when a check failed, 2 for a usage error.
See docs/cli.md, "folio doctor".`;
