#!/usr/bin/env node
// `crscore`: a small dispatcher; each command lives in its own file and is loaded only when used.
import { CliError, guardTerminal, inert, lateFailureCount } from './shared/io.ts';

const USAGE = `crscore <command> [options]

Commands:
  score     score reviews: JSONL {diff, review, pseudo_refs} in, JSONL with con, comp, rel and matches out
  eval      agreement with human scores on a dataset (Spearman, Kendall, system ranking)
  analyze   static-analysis pseudo-references for a diff
  github    the review comments of a GitHub pull request as JSONL rows
  claims    generate a dataset's pseudo-references (LLM claims, analyzer issues) and write it as JSONL
  pr-eval   whole reviews of pull requests as CodeFuse-CR-Bench, AACR-Bench and Martian's benchmark judge them
  train-linker  train the learned linker on a dataset's annotator links, with its cross-validation report
  help      this text

Run 'crscore <command> --help' for a command's options.
`;

type Runner = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Runner>> = {
  score: async () => (await import('./score/score.ts')).runScore,
  eval: async () => (await import('./eval/eval.ts')).runEval,
  analyze: async () => (await import('./pseudorefs/analyze.ts')).runAnalyze,
  github: async () => (await import('./github/github.ts')).runGithub,
  claims: async () => (await import('./pseudorefs/claims.ts')).runClaims,
  'train-linker': async () => (await import('./linker/trainLinker.ts')).runTrainLinker,
  'pr-eval': async () => (await import('./pr/prEval.ts')).runPrEval,
};

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  const load = COMMANDS[command];
  if (!load) {
    process.stderr.write(`crscore: unknown command "${inert(command)}"\n\n${USAGE}`);
    return 2;
  }
  try {
    const code = await (await load())(rest);
    // An output file that had to go to a fallback place is a failure, even with the report printed.
    return code === 0 && lateFailureCount() > 0 ? 1 : code;
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`crscore ${command}: ${inert(e.message)}\n`);
      return e.exitCode;
    }
    // parseArgs reports unknown or malformed options with this code: a usage error, not a crash.
    if ((e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`crscore ${command}: ${inert((e as Error).message)}\n`);
      return 2;
    }
    throw e;
  }
}

// Run when executed directly (tsx src/cli/main.ts or bin/crscore.mjs), not when imported by tests.
const entry = process.argv[1] ?? '';
if (/main\.ts$/.test(entry) || process.env.CRSCORE_CLI === '1') {
  guardTerminal();
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`crscore: unexpected error: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
