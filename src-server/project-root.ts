/**
 * The project's folder (the one with package.json), for the files the server reads beside its code
 * (the built client, the locale files): the same whether it runs from src-server/ (tsx, the tests)
 * or bundled from dist/server/ (`npm start`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function folderWithPackageJson(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = folderWithPackageJson(path.dirname(fileURLToPath(import.meta.url)));
