import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {BookPlan, Chapter} from '../../../../server/export/book-plan';
import {trialPlan} from '../../../../server/export/native/trial-export';

const chapter = (key: string, rendersInBrowser: boolean, mermaidDiagrams = 0, kind?: string): Chapter => ({
  key,
  title: key.toUpperCase(),
  permalink: `/docs/${key}`,
  mermaidDiagrams,
  rendersInBrowser,
  kind,
});
const planOf = (...chapters: Chapter[]): BookPlan => ({
  chapters,
  nodes: chapters.map((one) => ({title: one.title, chapterKey: one.key, children: []})),
  parts: [],
});
const keys = (plan: BookPlan | undefined) => plan?.chapters.map((one) => one.key);

describe('the trial export at start', () => {
  it('takes a page of the build and a page the browser renders, diagrams first', () => {
    const plan = trialPlan(planOf(chapter('a', false), chapter('b', true), chapter('c', true, 2), chapter('d', false)));
    assert.deepEqual(keys(plan), ['a', 'c']);
    assert.deepEqual(
      plan!.nodes.map((node) => [node.title, node.chapterKey, node.children.length]),
      [
        ['A', 'a', 0],
        ['C', 'c', 0],
      ],
    );
    assert.deepEqual(keys(trialPlan(planOf(chapter('a', false), chapter('b', true)))), ['a', 'b']);
  });

  it('takes one page of each kind the build may hold whole, in book order, so that the first export judges none', () => {
    const plan = trialPlan(
      planOf(
        chapter('a', false, 0, ''),
        chapter('b', false, 0, ''),
        chapter('c', false, 0, '<Tabs>'),
        chapter('d', true, 1),
        chapter('e', false, 0, '<ApiTabs>'),
      ),
    );
    assert.deepEqual(keys(plan), ['a', 'c', 'd', 'e']);
  });

  it('takes one page when the book has only one kind, and none of an empty book', () => {
    assert.deepEqual(keys(trialPlan(planOf(chapter('a', false), chapter('b', false)))), ['a']);
    assert.deepEqual(keys(trialPlan(planOf(chapter('a', true), chapter('b', true, 1)))), ['b']);
    assert.equal(trialPlan(planOf()), undefined);
  });
});
