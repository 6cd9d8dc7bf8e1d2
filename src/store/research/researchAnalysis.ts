// The research view's numbers now live in the core's research pipeline (src/core/research), shared with
// `crscore eval`; this name stays for the views that import it.
export * from '../../core/research/index';
