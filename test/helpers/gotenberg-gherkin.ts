// A reader for the Gherkin subset Gotenberg's integration features use (test/fixtures/gotenberg/*.feature):
// `Feature:`, `@tags`, `# comments`, `Scenario:` and its steps, each with an optional data table (`| a | b |`)
// or doc string (`"""` … `"""`). No Background, Scenario Outline, Examples or Rule: a feature using one fails
// to parse, naming the line, rather than being read wrongly.
import fs from 'node:fs';
import path from 'node:path';

export interface Step {
  /** `Given`, `When`, `Then`, `And`, `But`: steps match on their text alone, as godog does. */
  keyword: string;
  text: string;
  line: number;
  /** Data table rows, each cell trimmed and unescaped (`\|`, `\\`, `\n`). */
  table?: string[][];
  docString?: string;
}

export interface Scenario {
  /** The feature's file name (`pdfengines_split.feature`). */
  feature: string;
  /** The feature's folder: form file values (`testdata/x.pdf`) are relative to it. */
  dir: string;
  name: string;
  line: number;
  tags: string[];
  steps: Step[];
}

export interface Feature {
  file: string;
  name: string;
  scenarios: Scenario[];
}

/** `<feature file> › <scenario name>`: a scenario's test name and its key in the not-applicable table. */
export function scenarioKey(s: Pick<Scenario, 'feature' | 'name'>): string {
  return `${s.feature} › ${s.name}`;
}

/** The features of `dir` whose file names `select` accepts, in file-name order. */
export function loadFeatures(dir: string, select: (file: string) => boolean): Feature[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.feature') && select(f))
    .sort()
    .map((f) => parseFeature(fs.readFileSync(path.join(dir, f), 'utf8'), f, dir));
}

/** One table row's cells: split on unescaped `|`, Gherkin's escapes undone, each cell trimmed. */
export function tableCells(line: string): string[] {
  const body = line.trim();
  if (!body.startsWith('|') || !body.endsWith('|')) throw new Error(`not a table row: ${line}`);
  const cells: string[] = [];
  let cell = '';
  for (let i = 1; i < body.length; i++) {
    const c = body[i];
    if (c === '\\' && i + 1 < body.length) {
      const next = body[i + 1];
      if (next === '|' || next === '\\') cell += next;
      else if (next === 'n') cell += '\n';
      else cell += c + next;
      i++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  return cells;
}

const STEP = /^(Given|When|Then|And|But) (.+)$/;
const UNSUPPORTED = /^(Background|Scenario Outline|Scenario Template|Examples|Rule):/;

interface ParseState {
  feature: Feature;
  dir: string;
  tags: string[];
  scenario: Scenario | null;
  step: Step | null;
}

/** Parses one feature file. `file` names it in errors and in its scenarios; `dir` is where it lies. */
export function parseFeature(text: string, file: string, dir = '.'): Feature {
  const lines = text.split(/\r?\n/);
  const state: ParseState = { feature: { file, name: '', scenarios: [] }, dir, tags: [], scenario: null, step: null };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const where = `${file}:${i + 1}`;
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('"""') || line.startsWith('```')) {
      i = readDocString(lines, i, state.step, where);
      continue;
    }
    readLine(line, i + 1, state, where);
  }
  return state.feature;
}

function readLine(line: string, lineNo: number, state: ParseState, where: string): void {
  if (UNSUPPORTED.test(line)) throw new Error(`${where}: ${line.split(':')[0]} is not supported by this reader`);
  if (line.startsWith('@')) {
    state.tags.push(...line.split(/\s+/).filter((t) => t.startsWith('@')));
  } else if (line.startsWith('Feature:')) {
    state.feature.name = line.slice('Feature:'.length).trim();
    state.tags = [];
  } else if (line.startsWith('Scenario:')) {
    const name = line.slice('Scenario:'.length).trim();
    state.scenario = { feature: state.feature.file, dir: state.dir, name, line: lineNo, tags: state.tags, steps: [] };
    state.feature.scenarios.push(state.scenario);
    state.tags = [];
    state.step = null;
  } else if (line.startsWith('|')) {
    if (!state.step) throw new Error(`${where}: a table row outside a step`);
    (state.step.table ??= []).push(tableCells(line));
  } else {
    const m = STEP.exec(line);
    if (!m || !state.scenario) throw new Error(`${where}: unexpected line: ${line}`);
    state.step = { keyword: m[1], text: m[2].trim(), line: lineNo };
    state.scenario.steps.push(state.step);
  }
}

/** Reads the doc string opening at `start` into `step`; returns the index of its closing line. */
function readDocString(lines: string[], start: number, step: Step | null, where: string): number {
  if (!step) throw new Error(`${where}: a doc string outside a step`);
  const open = lines[start];
  const indent = open.length - open.trimStart().length;
  const fence = open.trim().slice(0, 3);
  const content: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    if (lines[i].trim() === fence) {
      step.docString = content.join('\n');
      return i;
    }
    // Gherkin removes the opening fence's indentation from each line, and no more.
    const lead = lines[i].length - lines[i].trimStart().length;
    content.push(lines[i].slice(Math.min(lead, indent)).replace(/\\"\\"\\"/g, '"""'));
  }
  throw new Error(`${where}: doc string not closed`);
}
