// API key scopes (decisions.md). `all` grants everything; a key without the needed scope gets 403.
export const SCOPES = [
  'all',
  'deploys:read',
  'deploys:write',
  'render:read',
  'render:write',
  'pdfs:read',
  'pdfs:write',
  'usage:read',
  'certificates:read',
  'certificates:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export function hasScope(granted: readonly string[], needed: Scope): boolean {
  return granted.includes('all') || granted.includes(needed);
}

export function parseScopes(input: string | undefined): Scope[] | string {
  if (!input) return ['all'];
  const list = input
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of list) if (!(SCOPES as readonly string[]).includes(s)) return `unknown scope "${s}" (valid: ${SCOPES.join(', ')})`;
  return list as Scope[];
}
