import { renderMermaid } from '../../engine/index.js';
import { type CliIO, EXIT } from '../io.js';
import { cookFromArgs } from './cook.js';

export const usage = 'mol graph <file|name> [--var k=v]... [--overlay file]... [--formulas DIR]...';

export async function graphCommand(io: CliIO, argv: string[]): Promise<number> {
  const cooked = await cookFromArgs(io, argv, {}, usage);
  if (typeof cooked === 'number') return cooked;
  io.out(renderMermaid(cooked.proto));
  return EXIT.ok;
}
