import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {pageMarks} from '../../../scripts/check-book/structure/marked-content';

describe("check:book's reading of marked content", () => {
  it('sorts text by MCID, artifact, nesting, or neither', () => {
    const marks = pageMarks([
      {type: 'beginMarkedContentProps', id: 'p12R_mc0', tag: 'P'},
      {str: 'Hello '},
      {str: 'world'},
      {type: 'endMarkedContent'},
      {type: 'beginMarkedContent', tag: 'Artifact'},
      {str: 'Page 1 of 3'},
      {type: 'beginMarkedContentProps', id: 'p12R_mc1', tag: 'Span'},
      {str: 'inside'},
      {type: 'endMarkedContent'},
      {type: 'endMarkedContent'},
      {str: '42'},
      {str: '  '},
    ]);
    assert.deepEqual([...marks.byMcid], [[0, 'Hello world']]);
    assert.deepEqual(marks.artifacts, ['Page 1 of 3']);
    assert.deepEqual(marks.nested, ['inside']);
    assert.deepEqual(marks.untagged, ['42']);
  });
});
