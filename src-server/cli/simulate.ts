/**
 * `npm run --silent simulate -- ...`: runs a computer-only game and prints its trajectory.
 * `--game lean` simulates the lean game; otherwise (or `--game beer`) the beer game.
 * Each game's module parses its own arguments and returns the exit code.
 */
type Simulator = (args: string[]) => Promise<number>;

const loaders: Record<string, () => Promise<Simulator>> = {
  beer: async () => (await import('./simulate-beergame')).simulateBeerGame,
  lean: async () => (await import('./simulate-leangame')).simulateLeanGame,
};

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--game');
  const game = at >= 0 ? argv[at + 1] : undefined;
  const rest = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  if (game === undefined && rest.includes('--help')) {
    // No game named: both usages, beer game first.
    let code = 0;
    for (const load of Object.values(loaders)) code ||= await (await load())(['--help']);
    return code;
  }
  const load = loaders[game ?? 'beer'];
  if (!load) {
    process.stderr.write(`Unknown --game "${game}". Use --game beer or --game lean; --help for usage.\n`);
    return 2;
  }
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
