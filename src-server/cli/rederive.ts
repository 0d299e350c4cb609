/** `npm run --silent rederive -- FILE.jsonl [--stream game-ID]`: see rederive-beergame.ts. */
import { rederive } from './rederive-beergame';

rederive(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
