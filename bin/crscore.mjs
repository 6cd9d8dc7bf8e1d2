#!/usr/bin/env node
// The `crscore` command: registers tsx's TypeScript loader, then runs src/cli/main.ts in this process.
import process from 'node:process';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
// Control characters from data never reach the terminal (src/cli/shared/io.ts).
(await import('../src/cli/shared/io.ts')).guardTerminal();
process.exitCode = await main(process.argv.slice(2));
