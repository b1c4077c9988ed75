// Where a render job's document comes from, one of three: a deploy version (`deployId`, `deployVersionId`),
// inline sources (`html` or `markdown`, with `files` and `engine`), or a URL (`source`). These rules refuse
// a body that mixes them, naming the field; the sources themselves are checked later (inline-sources.ts,
// url-source.ts).

/** The fields of a job body that say where its document comes from. */
export interface JobSourceFields {
  deployId?: string;
  deployVersionId?: string;
  html?: string;
  markdown?: string;
  /** An Office document among `files` that is the entry (converted with LibreOffice, not printed). */
  entry?: string;
  engine?: string;
  files?: Record<string, string>;
  source?: unknown;
  hasPayload: boolean;
  payloadBase64?: string;
}

export interface SourceProblem {
  message: string;
  field: string;
}

/** Whether the body brings inline sources (any of their fields). */
export const hasInlineSources = (b: JobSourceFields) =>
  b.html !== undefined || b.markdown !== undefined || b.entry !== undefined || b.files !== undefined || b.engine !== undefined;

/**
 * Inline sources replace the deploy: one of `html` and `markdown`, no deployId (body or path) and no
 * deployVersionId beside it; `files` and `engine` only with an entry document.
 */
export function inlineShapeProblem(b: JobSourceFields, pathDeployId: string | undefined): SourceProblem | null {
  const entries = (['html', 'markdown', 'entry'] as const).filter((k) => b[k] !== undefined);
  if (entries.length > 1) return { message: `${entries.join(' and ')} each name the entry document: send one of them`, field: entries[1]! };
  if (entries.length === 0)
    return {
      message: `${b.files !== undefined ? 'files' : 'engine'} needs html, markdown or entry (the entry document)`,
      field: 'html',
    };
  const entry = entries[0]!;
  if (entry === 'entry' && b.engine !== undefined)
    return { message: 'engine is for html; an Office document (entry) is converted as it is', field: 'engine' };
  if (pathDeployId !== undefined || b.deployId !== undefined)
    return { message: `${entry} replaces deployId: send one of them`, field: entry };
  if (b.deployVersionId !== undefined) return { message: `${entry} replaces deployVersionId: send one of them`, field: 'deployVersionId' };
  return null;
}

/** A URL source replaces the deploy and inline sources, and brings no payload: the first field sent with it. */
export function urlSourceShapeProblem(b: JobSourceFields, pathDeployId: string | undefined): SourceProblem | null {
  const clash = (
    [
      ['deployId', pathDeployId ?? b.deployId],
      ['deployVersionId', b.deployVersionId],
      ['html', b.html],
      ['markdown', b.markdown],
      ['entry', b.entry],
      ['engine', b.engine],
      ['files', b.files],
      ['payload', b.hasPayload ? true : undefined],
      ['payloadBase64', b.payloadBase64],
    ] as const
  ).find(([, v]) => v !== undefined);
  if (!clash) return null;
  return {
    message: clash[0].startsWith('payload')
      ? `source prints a web page, which gets no payload: leave out ${clash[0]}`
      : `source replaces ${clash[0]}: send one of them`,
    field: 'source',
  };
}
