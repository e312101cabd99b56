// The benchmark compares books with the same reading of a PDF the tests use: one home, scripts/bench/book-structure.ts.
export {collapse, pageTexts, pdfStructure, type LinkAnnotation, type OutlineItem} from '../../scripts/bench/book-structure';
