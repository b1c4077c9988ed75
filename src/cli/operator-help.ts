// The operator commands' help, apart from operator.ts so that `folio --help` does not load the whole app.
export const operatorHelp = `Operator commands (act on FOLIO_DATABASE_URL directly; each names the database and data dir it uses on stderr):
  folio migrate                                   apply pending database migrations; creates the database
                                                  (or the PostgreSQL schema) when there is none
  folio accounts create --name N [--plan P]       create an account; prints its id and a new API key
  folio accounts list                             list accounts
  folio keys create --account A [--scopes S,...]  create an API key (scopes: all, deploys:read, deploys:write,
                                                  render:read, render:write, pdfs:read, pdfs:write, usage:read)
  folio keys list --account A                     list API keys (prefix and last 4 only)
  folio keys revoke KEY_ID                        revoke an API key (every api process refuses it within 1 s)
  folio keys scopes KEY_ID --scopes S,...         replace an API key's scopes (effective within 1 s)
  folio plans list                                list plans and their policies
  folio plans set --account A --plan P            change an account's plan (effective within 1 s)
  folio secrets reveal [--account A] [--deploy D] print the webhook signing secret in effect (last token of
                                                  stdout); default account: the bootstrap account
  accounts, keys, plans and secrets refuse to create a database where there is none (exit code 2);
  add --create to start a new installation with them.`;

