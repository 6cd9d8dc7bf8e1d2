// NLTK's text pieces, exactly: word_tokenize (3.9 and 3.10 rules), Punkt's sentence splitter, sentence_bleu.
export * from './wordTokenize.ts';
export * from './punkt.ts';
export * from './punktTab.ts';
export * from './bleu.ts';
export * from './fsum.ts';
export * from './signature.ts';
export * from './crmath.ts';
