/**
 * The ranking measure alone, printed as JSON: bench/rankBench.ts runs it in a child node with a
 * larger young generation to show how much of the ranking time is the garbage collector's.
 */
import { rankBench } from './rankBench.ts';

// The floor is measured once, in the parent; the child only answers how the ranking itself moves.
const figures = rankBench(() => {}, false);
process.stdout.write(
  `${JSON.stringify({ tenThousandMs: figures.tenThousandMs, millionMs: figures.millionMs })}\n`,
);
