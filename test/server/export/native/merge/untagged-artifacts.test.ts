import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {markContentAsArtifacts, markUntaggedAsArtifacts} from '../../../../../server/export/native/merge/untagged-artifacts';

const mark = (content: string) => new TextDecoder().decode(markUntaggedAsArtifacts(new TextEncoder().encode(content)));
const squash = (content: string) => content.replace(/\s+/g, ' ').trim();

describe('untagged drawing marked as artifacts', () => {
  it('leaves a stream whose drawing is all marked content as it is, the same bytes', () => {
    const bytes = new TextEncoder().encode('/P <</MCID 0>> BDC BT /F1 12 Tf (Hello) Tj ET EMC');
    assert.equal(markUntaggedAsArtifacts(bytes), bytes);
  });

  it('wraps untagged text inside its text object, and tagged text beside it stays as it is', () => {
    const out = mark('/P <</MCID 0>> BDC BT (tagged) Tj ET EMC BT /F1 12 Tf 1 0 0 1 8 56 Tm <0014> Tj ET');
    assert.equal(squash(out), '/P <</MCID 0>> BDC BT (tagged) Tj ET EMC BT /F1 12 Tf 1 0 0 1 8 56 Tm /Artifact BMC <0014> Tj EMC ET');
  });

  it('wraps a whole untagged path, from its first construction operator to its painting', () => {
    const out = mark('q 1 0 0 rg 0 0 10 10 re f Q /P <</MCID 1>> BDC 0 0 m 5 5 l S EMC');
    assert.equal(squash(out), 'q 1 0 0 rg /Artifact BMC 0 0 10 10 re f Q EMC /P <</MCID 1>> BDC 0 0 m 5 5 l S EMC');
  });

  it('closes an artifact before a form with marked content of its own (a layer of text at opacity below 1), and marks any other form', () => {
    const bytes = (content: string) => new TextEncoder().encode(content);
    const marked = (content: string, tagged: string[]) =>
      squash(new TextDecoder().decode(markUntaggedAsArtifacts(bytes(content), new Set(tagged))));
    assert.equal(marked('q 0 0 10 10 re f Q q /G1 gs /X1 Do Q', ['X1']), 'q /Artifact BMC 0 0 10 10 re f Q q /G1 gs EMC /X1 Do Q');
    assert.equal(marked('q /G1 gs /X2 Do Q /P <</MCID 0>> BDC EMC', ['X1']), 'q /G1 gs /Artifact BMC /X2 Do Q EMC /P <</MCID 0>> BDC EMC');
  });

  it('is not fooled by operator names inside strings, hex strings, dictionaries and comments', () => {
    const out = mark('/Span <</MCID 2 /ActualText (EMC \\) BDC)>> BDC BT [(a) -20 (EMC) ] TJ ET EMC % BT (x) Tj\nBT <454D43> Tj ET');
    assert.match(out, /% BT \(x\) Tj\nBT \/Artifact BMC\s+<454D43> Tj\s+EMC\s+ET/);
    assert.doesNotMatch(out.split('% BT')[0]!, /Artifact/);
  });

  it('never leaves a clip path outside its painting, nor paints a clip (n) as an artifact', () => {
    assert.equal(
      squash(mark('0 0 100 100 re W n /P <</MCID 0>> BDC BT (x) Tj ET EMC')),
      '0 0 100 100 re W n /P <</MCID 0>> BDC BT (x) Tj ET EMC',
    );
  });
});

describe('untagged drawing inside marked content that tags nothing', () => {
  it('marks a ligature drawn in an ActualText span outside any MCID, closing before the span ends', () => {
    const out = mark('BT /Span <</ActualText <FEFF00660069>>> BDC <0041> Tj EMC /P <</MCID 3>> BDC <0042> Tj EMC ET');
    assert.equal(
      squash(out),
      'BT /Span <</ActualText <FEFF00660069>>> BDC /Artifact BMC <0041> Tj EMC EMC /P <</MCID 3>> BDC <0042> Tj EMC ET',
    );
  });

  it('leaves a span inside tagged content alone', () => {
    const bytes = new TextEncoder().encode('/P <</MCID 0>> BDC BT /Span <</ActualText (fi)>> BDC <0041> Tj EMC ET EMC');
    assert.equal(markUntaggedAsArtifacts(bytes), bytes);
  });
});

describe('marked content made artifacts by MCID', () => {
  const artifacts = (content: string, mcids: number[]) =>
    new TextDecoder().decode(markContentAsArtifacts(new TextEncoder().encode(content), new Set(mcids)));

  it('turns the BDC of each MCID named into an Artifact BMC, keeping what it holds and its EMC', () => {
    const out = artifacts(
      '/TH <</MCID 2>> BDC BT (Name) Tj ET EMC /TD <</MCID 3 /Lang (en)>>BDC BT (x) Tj ET EMC /P <</MCID 12>> BDC EMC',
      [2, 3],
    );
    assert.equal(squash(out), '/Artifact BMC BT (Name) Tj ET EMC /Artifact BMC BT (x) Tj ET EMC /P <</MCID 12>> BDC EMC');
  });

  it('leaves a stream without those MCIDs as it is, the same bytes', () => {
    const bytes = new TextEncoder().encode('/P <</MCID 21>> BDC (a) Tj EMC');
    assert.equal(markContentAsArtifacts(bytes, new Set([2])), bytes);
  });
});
