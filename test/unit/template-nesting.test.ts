// Templates nested deeper than MAX_TEMPLATE_NESTING are refused before their engine parses them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_TEMPLATE_NESTING, templateNestingProblem } from '../../src/domain/deploys/template-nesting.js';

const nest = (open: string, close: string, n: number, inner = 'x') => open.repeat(n) + inner + close.repeat(n);

test('blocks nested to the limit pass; one more level is refused at the tag that passes it', () => {
  const n = MAX_TEMPLATE_NESTING;
  for (const [engine, open, close] of [
    ['handlebars', '{{#if a}}', '{{/if}}'],
    ['mustache', '{{#a}}', '{{/a}}'],
    ['liquid', '{% if a %}', '{% endif %}'],
    ['nunjucks', '{%- for x in y -%}', '{% endfor %}'],
  ] as const) {
    assert.equal(templateNestingProblem(engine, nest(open, close, n)), null, `${engine}: ${n} levels`);
    const deep = templateNestingProblem(engine, nest(open, close, n + 1));
    assert.deepEqual(deep, { offset: open.length * n, depth: n + 1 }, engine);
  }
});

test('parentheses and brackets inside a tag count on top of the blocks around it', () => {
  const sub = (n: number) => `{{#each items}}{{${'(f '.repeat(n)}x${')'.repeat(n)}}}{{/each}}`;
  assert.equal(templateNestingProblem('handlebars', sub(MAX_TEMPLATE_NESTING - 1)), null);
  assert.equal(templateNestingProblem('handlebars', sub(MAX_TEMPLATE_NESTING))?.depth, MAX_TEMPLATE_NESTING + 1);
  assert.equal(
    templateNestingProblem('nunjucks', `{{ ${'['.repeat(MAX_TEMPLATE_NESTING + 1)}1${']'.repeat(MAX_TEMPLATE_NESTING + 1)} }}`)?.offset,
    0,
  );
});

test('what does not open a block: else, comments, inline set, Markdown', () => {
  const many = (s: string) => s.repeat(MAX_TEMPLATE_NESTING * 2);
  assert.equal(templateNestingProblem('handlebars', many('{{#if a}}x{{^}}y{{/if}}{{! (((( }}')), null);
  assert.equal(templateNestingProblem('handlebars', many('{{else}}{{!-- {{#if}} --}}')), null);
  assert.equal(templateNestingProblem('nunjucks', many('{% set x = 1 %}{% include "a.njk" %}')), null);
  assert.equal(templateNestingProblem('liquid', many('{% assign x = 1 %}{{ x | plus: 1 }}')), null);
  assert.equal(templateNestingProblem('markdown', nest('{{#if a}}', '{{/if}}', 1000)), null);
});
